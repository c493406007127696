// Every language complete on the screens (message-catalogs.test.ts checks the tables themselves): a
// tour of every screen and state (scan answers of each kind, misses with every warning, search, product, sign-in,
// keys with a group's pages, account, status bar, settings with its answers, the scanner setup, a
// kiosk's way out) shows no
// word of the language it was switched from (English, or German for English), including text right
// after the language was switched.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CatalogProvider } from "../../../src/renderer/src/catalog/catalog-provider.tsx";
import { CatalogApp } from "../../../src/renderer/src/catalog-app.tsx";
import type { MessageKey } from "../../../src/renderer/src/i18n/i18n.tsx";
import { type Language, languages } from "../../../src/renderer/src/i18n/languages.ts";
import { catalogs } from "../../../src/renderer/src/i18n/message-catalogs.ts";
import { en } from "../../../src/renderer/src/i18n/messages-en.ts";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import { knownCountries } from "../../../src/shared/catalog/unit-price.ts";
import { setupCode } from "../../../src/shared/keyboard/scanner-calibration.ts";
import { pressedKeys } from "../../support/scanner-keys.ts";
import { apples, catalogProducts, milk, shirtVariants, status } from "../support/catalog-fixtures.ts";
import { fakeCatalog } from "../support/fake-catalog.ts";
import { bakery, breads } from "../support/key-fixtures.ts";
import { settle } from "../support/key-timings.ts";

/** The language a tour switches from: English, or German to tour English. */
const switchedFrom = (language: Language): Language => (language === "en" ? "de" : "en");

/** Words both languages spell the same way; any other message the same in both is untranslated. */
const sameInBoth = new Set([
  "result.codes",
  "details.problem",
  "kind.ean13",
  "kind.ean8",
  "kind.upca",
  "kind.upce",
  "kind.gtin14",
  "kind.text",
  "signIn.organisation",
  "status.online",
  "status.offline",
  "settings.scanner",
  "labels.reason.name",
  "labels.reason.barcode",
]);

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => word.length >= 3);
}

/** Words of one language's messages that another language's messages never use. */
function ownWords(language: Language, against: Language): Set<string> {
  const other = catalogs[against];
  // Placeholders and ICU's syntax words (plural, one, other) are no one's words.
  const strip = (text: string) =>
    text.replace(/\{\w+(, (plural|number|select))?|\b(one|few|many|other)\b \{/g, " ");
  const theirs = new Set(Object.values(other).flatMap((text) => wordsOf(strip(text))));
  return new Set(
    Object.values(catalogs[language]).flatMap((text) => wordsOf(strip(text)).filter((w) => !theirs.has(w))),
  );
}

/** Data the screens show as the catalog sent it (names, SKUs, options), not the screens' own words. */
const data = [
  ...catalogProducts.flatMap((item) => [
    item.name,
    item.sku ?? "",
    ...Object.entries(item.attributes ?? {}).flat(),
    ...(item.options ?? []).flatMap((option) => Object.entries(option).flat(2)),
  ]),
  ...breads.map((item) => item.name),
  bakery.name,
  ...["Dairy", "Shirts", "Empty", "Counter", "Drinks", "Cold"],
  "till1@corner.example",
  "Corner Shop",
  "corner-shop",
  // The shelf labels' countries, named by the system's own list of regions in every language.
  ...(Object.keys(languages) as Language[]).flatMap((language) =>
    knownCountries.map((code) => new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code),
  ),
].filter((text) => text !== "");

function visibleText(): string {
  const parts = [document.body.textContent ?? ""];
  for (const element of document.body.querySelectorAll("*")) {
    for (const name of ["aria-label", "alt", "title", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  let text = parts.join("\n");
  for (const value of [...data].sort((a, b) => b.length - a.length)) text = text.split(value).join(" ");
  return text;
}

const navButton = (index: number) =>
  within(screen.getByRole("navigation")).getAllByRole("button")[index] as HTMLElement;

function lookUp(code: string): void {
  const field = document.querySelector<HTMLInputElement>('input[name="code"]');
  if (!field) throw new Error("the scan screen is not shown");
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field);
}

/** Every screen and state, in `language`, reached by switching to it from the other language. */
async function tour(language: Language): Promise<string[]> {
  const seen: string[] = [];
  const look = () => seen.push(visibleText());
  const catalog = fakeCatalog({ settings: { language: switchedFrom(language) } });
  render(
    <CatalogProvider api={catalog.api}>
      <CatalogApp shell={{ kiosk: true, quit: async () => undefined }} />
    </CatalogProvider>,
  );
  await screen.findByRole("navigation");
  // Settings, saved in the new language: the answer must be in it too.
  fireEvent.click(navButton(5));
  const from = catalogs[switchedFrom(language)];
  fireEvent.change(screen.getByLabelText(from["settings.language"]), { target: { value: language } });
  fireEvent.click(screen.getByRole("button", { name: from["settings.save"] }));
  await screen.findByText(catalogs[language]["settings.saved"] as string);
  look();
  // A kiosk's way out, with its question open.
  fireEvent.click(screen.getByRole("button", { name: catalogs[language]["kiosk.exit"] }));
  await screen.findByRole("alertdialog");
  look();
  fireEvent.click(screen.getByRole("button", { name: catalogs[language]["kiosk.cancel"] }));
  const maxGap = screen.getByLabelText(catalogs[language]["settings.maxGap"] as string);
  fireEvent.change(maxGap, { target: { value: "5000" } });
  fireEvent.click(screen.getByRole("button", { name: catalogs[language]["settings.save"] }));
  await screen.findByRole("alert");
  look();
  // The setup code scanned from a US scanner on a French computer, with a prefix and a suffix.
  vi.useFakeTimers();
  act(() => {
    for (const key of pressedKeys(`]C0${setupCode}#1`, {
      scanner: "us",
      computer: "fr",
      capsLock: false,
      numpad: "no",
    })) {
      vi.advanceTimersByTime(5);
      fireEvent.keyDown(document.body, { key: key.key, code: key.code, shiftKey: key.shift });
      fireEvent.keyUp(document.body, { key: key.key, code: key.code, shiftKey: key.shift });
    }
    fireEvent.keyDown(document.body, { key: "Enter", code: "Enter" });
  });
  await settle();
  vi.useRealTimers();
  await vi.waitFor(() => expect(document.querySelector(".setup-result")?.textContent).toMatch(/\]C0/));
  look();
  // Scan answers of every kind.
  fireEvent.click(navButton(0));
  look();
  for (const code of [
    milk.barcode,
    shirtVariants[1]?.barcode,
    withCheckDigit(`${apples.barcode?.slice(0, 7)}01250`),
  ]) {
    lookUp(code as string);
    await screen.findByRole("heading", { level: 3 });
    await vi.waitFor(() =>
      expect(document.querySelector(".scan-announcement")?.textContent).not.toMatch(/…/),
    );
    for (const details of document.querySelectorAll("details")) details.open = true;
    look();
  }
  act(() =>
    catalog.pushStatus(
      status({
        freshness: { catalogAsOf: "2026-11-22T06:00:00.000Z", stale: true, staleAfterHours: 24 },
        syncUnfinished: true,
        mismatch: true,
        serverTotal: 9000,
        online: false,
        lastError: { kind: "offline", message: "no network" },
      }),
    ),
  );
  for (const code of [withCheckDigit("990000000001"), "4006381333932", "0112345"]) {
    lookUp(code);
    await vi.waitFor(() => expect(document.querySelector(".reason")).not.toBeNull());
    look();
  }
  act(() => catalog.pushSyncing());
  await screen.findByRole("progressbar");
  look();
  // Search, its results and none, and a product.
  fireEvent.click(navButton(1));
  fireEvent.change(screen.getByRole("combobox"), { target: { value: "zzz" } });
  await vi.waitFor(() => expect(screen.queryByRole("option")).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 300));
  look();
  fireEvent.change(screen.getByRole("combobox"), { target: { value: "t-shirt" } });
  await screen.findAllByRole("option");
  look();
  fireEvent.keyDown(screen.getByRole("combobox"), { key: "Enter" });
  await vi.waitFor(() => expect(document.querySelector(".product-view")).not.toBeNull());
  look();
  // The keys: a tab with a key of each kind, an empty tab, a group's second page.
  fireEvent.click(navButton(2));
  await screen.findByRole("button", { name: /Bio Vollmilch/ });
  look();
  fireEvent.click(screen.getByRole("tab", { name: "Empty" }));
  await vi.waitFor(() => expect(screen.getByRole("tab", { name: "Empty" }).ariaSelected).toBe("true"));
  look();
  fireEvent.click(screen.getByRole("tab", { name: "Shirts" }));
  fireEvent.click(await screen.findByRole("button", { name: /Bakery/ }));
  await screen.findByRole("button", { name: /Bread 01/ });
  fireEvent.click(screen.getByRole("button", { name: catalogs[language]["keys.next"] }));
  await screen.findByRole("button", { name: /Bread 26/ });
  look();
  // The shelf labels, none due.
  fireEvent.click(navButton(3));
  // Testing Library folds the page's no-break spaces (French "imprimer :") into spaces, not the text asked for.
  await screen.findByText(catalogs[language]["labels.none"].replace(/\s+/g, " "));
  look();
  // Account, sign out, and the sign-in form with its answers.
  fireEvent.click(navButton(4));
  look();
  const account = screen.getByRole("region", { name: catalogs[language]["account.heading"] });
  fireEvent.click(within(account).getByRole("button", { name: catalogs[language]["account.signOut"] }));
  const form = await screen.findByRole("form");
  look();
  const fill = (label: MessageKey, value: string) =>
    fireEvent.change(within(form).getByLabelText(catalogs[language][label] as string), { target: { value } });
  fill("signIn.baseUrl", "http://127.0.0.1:8787");
  fill("signIn.organisation", "corner-shop");
  fill("signIn.username", "till1@corner.example");
  fill("signIn.password", "wrong");
  fireEvent.click(within(form).getByRole("button", { name: catalogs[language]["signIn.submit"] }));
  await within(form).findByRole("alert");
  look();
  for (const radio of within(form).getAllByRole("radio")) fireEvent.click(radio);
  look();
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("languages", () => {
  it("translate every message, except words German spells the English way", () => {
    const untranslated = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => en[key] === catalogs.de[key],
    );
    expect(untranslated.filter((key) => !sameInBoth.has(key))).toEqual([]);
  });

  for (const language of Object.keys(languages) as Language[]) {
    it(`show no ${languages[switchedFrom(language)]} word on any screen in ${languages[language]}`, async () => {
      const foreign = ownWords(switchedFrom(language), language);
      const pages = await tour(language);
      const leaks = pages.flatMap((page, index) =>
        wordsOf(page)
          .filter((word) => foreign.has(word))
          .map((word) => `page ${index}: ${word}`),
      );
      expect(pages.length).toBeGreaterThan(15);
      expect([...new Set(leaks)]).toEqual([]);
    }, 30_000);
  }
});
