// The commerce service's address follows one rule wherever it is given (the settings, a sign-in over
// IPC, the CLI): http or https, and no user name or password in it. fetch refuses to send such an
// address, and the settings file would keep the password in plain text.
import { describe, expect, it } from "vitest";
import { catalogContract } from "../../../src/shared/ipc/catalog-contract.ts";
import { settingsChangeSchema } from "../../../src/shared/settings/app-settings.ts";

const withCredentials = [
  "http://user:pw-secret@127.0.0.1:8787",
  "https://user@shop.example.com/",
  "https:///user@shop.example.com",
];

describe("the service address", () => {
  it("is refused in the settings with a user name or password in it, in plain words", () => {
    for (const baseUrl of withCredentials) {
      const parsed = settingsChangeSchema.safeParse({ baseUrl });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        "an address without a user name or password in it, such as https://shop.example.com",
      ]);
    }
    for (const baseUrl of ["https://shop.example.com/pos", "http://127.0.0.1:8787/a@b?to=x@y#@"]) {
      expect(settingsChangeSchema.safeParse({ baseUrl }).success).toBe(true);
    }
  });

  it("is refused for a sign-in with a user name or password in it, without echoing them", () => {
    for (const baseUrl of withCredentials) {
      const parsed = catalogContract.signInApiKey.argument.safeParse({
        baseUrl,
        accountId: "a",
        apiKey: "k",
        remember: false,
      });
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).toMatch(/without a user name or password/);
      expect(JSON.stringify(parsed.error?.issues)).not.toContain("pw-secret");
    }
  });

  it("keeps refusing other schemes and text that is no address", () => {
    // The last two are addresses with a user name to a lax URL parser; here they are none at all.
    const refused = ["ftp://shop.example.com", "shop.example.com", "", "http:user:pw@h", "https:\\\\u@h"];
    for (const baseUrl of refused) {
      expect(settingsChangeSchema.safeParse({ baseUrl }).success).toBe(false);
    }
  });
});
