// Settings read back from a file a person may have edited: each usable field kept, each unusable one
// named with the reason and replaced by its default, the rest untouched.
import { describe, expect, it } from "vitest";
import { defaultSettings, settingsFromStored } from "../../../src/shared/settings/app-settings.ts";

describe("settings read back from storage", () => {
  it("keeps every usable field and names none", () => {
    const { settings, unusable } = settingsFromStored({
      pageSize: 250,
      images: { enabled: false, capMegabytes: 7 },
    });
    expect(settings.pageSize).toBe(250);
    expect(settings.images).toEqual({ enabled: false, capMegabytes: 7 });
    expect(unusable).toEqual([]);
  });

  it("names each unusable field by its path with the reason, and gives it its default", () => {
    const { settings, unusable } = settingsFromStored({
      pageSize: "big",
      images: { enabled: true, capMegabytes: 0.5 },
      language: "en",
    });
    expect(settings.pageSize).toBe(defaultSettings.pageSize);
    expect(settings.images).toEqual(defaultSettings.images);
    expect(settings.language).toBe("en");
    expect(unusable).toHaveLength(2);
    expect(unusable[0]).toMatch(/^pageSize: /u);
    expect(unusable[1]).toBe(
      "images.capMegabytes: The picture cache's size must be a whole number of megabytes",
    );
  });

  it("keeps an empty language, which follows the system's, and refuses one that is no language tag", () => {
    expect(defaultSettings.language).toBe("");
    expect(settingsFromStored({ language: "" }).settings.language).toBe("");
    expect(settingsFromStored({ language: "pl-PL" }).settings.language).toBe("pl-PL");
    const bad = settingsFromStored({ language: "Polski" });
    expect(bad.settings.language).toBe("");
    expect(bad.unusable[0]).toMatch(/^language: /u);
  });

  it("says nothing of fields never written, or of a store that holds nothing", () => {
    expect(settingsFromStored({ sound: false }).unusable).toEqual([]);
    expect(settingsFromStored(null)).toEqual({ settings: defaultSettings, unusable: [] });
  });
});
