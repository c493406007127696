// The Keys view in the whole app over a stand-in catalog (key-fixtures.ts): tabs in order, keys at
// their places with this till's prices, the arrows moving among them, a key opening its product and
// Back returning to the same tab, a group paged 25 at a time, keys that cannot sell disabled with
// their reason, the digits picking tabs but never out of a scanner's burst, and a till without a set.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apples } from "../support/catalog-fixtures.ts";
import { fakeCatalog } from "../support/fake-catalog.ts";
import { burst, playKeys, settle } from "../support/key-timings.ts";
import { showApp } from "../support/show-app.tsx";

afterEach(() => {
  vi.useRealTimers();
});

const key = (name: RegExp | string) => screen.getByRole("button", { name });
const keyNames = () =>
  [...document.querySelectorAll(".key-grid .key-name")].map((element) => element.textContent);
const selectedTab = () => screen.getByRole("tab", { selected: true }).textContent;

async function openKeys(catalog = fakeCatalog()) {
  showApp(catalog);
  await screen.findByText("8 products");
  fireEvent.click(within(screen.getByRole("navigation")).getByRole("button", { name: "Keys" }));
  await screen.findByRole("tab", { selected: true });
  return catalog;
}

describe("the Keys view", () => {
  it("shows the set's tabs in order, each key at its place with this till's price, and says how keys ask", async () => {
    await openKeys();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["1Dairy", "2Shirts", "3Empty"]);
    expect(screen.getByText(/Favourite set: Counter/)).toBeTruthy();
    const milk = key(/Bio Vollmilch 1 l/);
    expect(milk.textContent).toContain("€1.19");
    // Painted in the key's colour, with black ink on that light blue.
    expect(milk.style.background).toBe("rgb(144, 202, 249)");
    expect(milk.style.color).toBe("rgb(0, 0, 0)");
    expect(key(/Äpfel/).textContent).toContain("Enter the price");
    // The missing product's key at place 5, after a gap at 4.
    const missing = key(/Not in the catalog/);
    expect([missing.style.gridRow, missing.style.gridColumn]).toEqual(["1", "5"]);
    fireEvent.click(screen.getByRole("tab", { name: "Shirts" }));
    await screen.findByRole("button", { name: /T-Shirt/ });
    expect(key(/T-Shirt/).textContent).toContain("Choose a variant");
    expect(key(/Bakery/).textContent).toContain("Group");
  });

  it("shows a key that cannot sell disabled with its reason, and does nothing when it is touched", async () => {
    const catalog = await openKeys();
    const inactive = key(/Old lemonade/);
    const missing = key(/Unnamed/);
    expect(inactive.getAttribute("aria-disabled")).toBe("true");
    expect(inactive.textContent).toContain("Inactive");
    expect(inactive.textContent).not.toContain("£1.50");
    expect(missing.getAttribute("aria-disabled")).toBe("true");
    expect(missing.textContent).toContain("Not in the catalog");
    fireEvent.click(inactive);
    fireEvent.click(missing);
    expect(catalog.calls.filter((call) => call.method === "product")).toEqual([]);
    expect(screen.getByRole("tabpanel")).toBeTruthy();
  });

  it("moves among the keys with the arrows, past the gap, onto a disabled key too, and opens the focused one", async () => {
    await openKeys();
    // Shown, the view puts the keyboard on its current key.
    await vi.waitFor(() => expect(document.activeElement).toBe(key(/Bio Vollmilch/)));
    const press = (name: string) => fireEvent.keyDown(document.activeElement as Element, { key: name });
    press("ArrowRight");
    expect(document.activeElement).toBe(key(/Äpfel/));
    press("ArrowRight");
    press("ArrowRight");
    expect(document.activeElement).toBe(key(/Unnamed/));
    press("ArrowRight");
    expect(document.activeElement).toBe(key(/Unnamed/));
    press("Home");
    expect(document.activeElement).toBe(key(/Bio Vollmilch/));
    press("ArrowDown");
    expect(document.activeElement).toBe(key(/Bio Vollmilch/));
    press("End");
    press("ArrowLeft");
    expect(document.activeElement).toBe(key(/Old lemonade/));
    // Only the current key is a tab stop.
    expect(document.querySelectorAll('.key-tile[tabindex="0"]')).toHaveLength(1);
    press("ArrowLeft");
    // Enter on a button is the browser's click (the end-to-end test presses the real Enter).
    fireEvent.click(document.activeElement as Element);
    expect(await screen.findByRole("heading", { level: 2, name: apples.name })).toBeTruthy();
    expect(screen.getByText(/Enter the price/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(selectedTab()).toBe("1Dairy");
    await vi.waitFor(() => expect(document.activeElement).toBe(key(/Äpfel/)));
  });

  it("opens a variant parent with its options matrix", async () => {
    await openKeys();
    fireEvent.click(screen.getByRole("tab", { name: "Shirts" }));
    fireEvent.click(await screen.findByRole("button", { name: /T-Shirt/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "T-Shirt" })).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("pages a group's products 25 at a time, alphabetically, and goes back to the tab", async () => {
    const catalog = await openKeys();
    fireEvent.click(screen.getByRole("tab", { name: "Shirts" }));
    fireEvent.click(await screen.findByRole("button", { name: /Bakery/ }));
    await screen.findByRole("button", { name: /Bread 01/ });
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Bakery · Page 1 of 2");
    expect(keyNames()).toHaveLength(25);
    expect(keyNames()[24]).toBe("Bread 25");
    expect(key("Previous page").hasAttribute("disabled")).toBe(true);
    fireEvent.click(key("Next page"));
    await screen.findByRole("button", { name: /Bread 26/ });
    expect(keyNames()).toEqual(["Bread 26", "Bread 27", "Bread 28", "Bread 29", "Bread 30"]);
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Bakery · Page 2 of 2");
    expect(key("Next page").hasAttribute("disabled")).toBe(true);
    // The page's cursor came from the page before.
    expect(catalog.calls.filter((call) => call.method === "groupKeys").map((call) => call.argument)).toEqual([
      { group: "group-bakery", after: null },
      { group: "group-bakery", after: "25" },
    ]);
    fireEvent.click(key(/Bread 28/));
    expect(await screen.findByRole("heading", { level: 2, name: "Bread 28" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Bakery · Page 2 of 2");
    fireEvent.click(key("Previous page"));
    await screen.findByRole("button", { name: /Bread 01/ });
    fireEvent.click(key("Back to the tab"));
    expect(await screen.findByRole("button", { name: /T-Shirt/ })).toBeTruthy();
  });

  it("picks a tab by a digit pressed alone, but takes a scanner's burst of digits as a scan", async () => {
    const catalog = await openKeys();
    vi.useFakeTimers();
    playKeys([{ key: "2", after: 1_000 }]);
    await settle();
    // The tab's keys come from the catalog's answer, a promise away.
    await vi.waitFor(() => expect(selectedTab()).toBe("2Shirts"));
    playKeys([{ key: "1", after: 1_000 }]);
    await settle();
    await vi.waitFor(() => expect(selectedTab()).toBe("1Dairy"));
    // The apples' scale label starts with a 2: a scanner's burst, not the Shirts tab.
    const asked = catalog.calls.filter((call) => call.method === "keys").length;
    playKeys(burst(apples.barcode as string, 8, "Enter"));
    await settle();
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { level: 3, name: apples.name })).toBeTruthy();
    const keysCalls = () => catalog.calls.filter((call) => call.method === "keys");
    fireEvent.click(within(screen.getByRole("navigation")).getByRole("button", { name: "Keys" }));
    // Shown again, the view reads its tab afresh: still the first.
    await vi.waitFor(() => expect(keysCalls()).toHaveLength(asked + 1));
    expect(keysCalls().at(-1)?.argument).toEqual({ tab: 0 });
    expect(selectedTab()).toBe("1Dairy");
  });

  it("opens from any screen with F4, and F2 goes back to scanning", async () => {
    showApp();
    await screen.findByText("8 products");
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: "F4", code: "F4" });
    });
    expect(await screen.findByRole("tab", { selected: true })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: "F2", code: "F2" });
    });
    expect(await screen.findByLabelText("Barcode or code")).toBeTruthy();
  });

  it("makes the product groups the tabs of a till without a favourite set, paged without a way back", async () => {
    await openKeys(fakeCatalog({ keys: "groups" }));
    expect(screen.getByText(/No favourite set is chosen for this till/)).toBeTruthy();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["1Bakery"]);
    expect(keyNames()).toHaveLength(25);
    expect(screen.queryByRole("button", { name: "Back to the tab" })).toBeNull();
    fireEvent.click(key("Next page"));
    await screen.findByRole("button", { name: /Bread 30/ });
  });

  it("shows another of the account's sets when picked by name, and the till's own again", async () => {
    const catalog = await openKeys();
    const picker = screen.getByLabelText<HTMLSelectElement>("Favourite set");
    expect([...picker.options].map((option) => option.text)).toEqual([
      "As set up for this till",
      "Counter",
      "Drinks",
    ]);
    fireEvent.change(picker, { target: { value: "Drinks" } });
    await vi.waitFor(() => expect(selectedTab()).toBe("1Cold"));
    expect(catalog.calls.filter((call) => call.method === "keys").at(-1)?.argument).toEqual({
      tab: 0,
      set: "Drinks",
    });
    fireEvent.change(picker, { target: { value: "" } });
    await vi.waitFor(() => expect(selectedTab()).toBe("1Dairy"));
  });

  it("says what to do when the catalog holds no keys at all", async () => {
    showApp(fakeCatalog({ keys: "none" }));
    await screen.findByText("8 products");
    fireEvent.click(within(screen.getByRole("navigation")).getByRole("button", { name: "Keys" }));
    expect(await screen.findByText(/No keys yet/)).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
