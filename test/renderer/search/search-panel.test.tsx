// Search as you type, by keyboard, over few or many results.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { SearchPanel } from "../../../src/renderer/src/search/search-panel.tsx";
import type { SearchHit } from "../../../src/shared/catalog/search-hit.ts";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import { catalogProducts, product, searchHits } from "../support/catalog-fixtures.ts";

function show(search: (text: string) => Promise<IpcResult<SearchHit[]>>, onOpen = vi.fn()) {
  render(
    <I18nProvider language="en">
      <SearchPanel search={search} onOpen={onOpen} />
    </I18nProvider>,
  );
  return { onOpen, field: screen.getByRole("combobox") };
}

const byName = async (text: string): Promise<IpcResult<SearchHit[]>> => ({
  ok: true,
  value: searchHits(catalogProducts.filter((item) => item.name.toLowerCase().includes(text.toLowerCase()))),
});

describe("search panel", () => {
  it("searches once the typing pauses, not on every key", async () => {
    const search = vi.fn(byName);
    const { field } = show(search);
    for (const text of ["t", "t-", "t-s", "t-shirt"]) fireEvent.change(field, { target: { value: text } });
    expect(await screen.findByText("5 results")).toBeTruthy();
    expect(search.mock.calls).toEqual([["t-shirt"]]);
    expect(screen.getAllByRole("option")).toHaveLength(5);
  });

  it("moves with the arrow keys and opens the active product with Enter", async () => {
    const { field, onOpen } = show(byName);
    fireEvent.change(field, { target: { value: "t-shirt" } });
    await screen.findByText("5 results");
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowUp" });
    const active = document.getElementById(field.getAttribute("aria-activedescendant") ?? "");
    expect(active?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(field, { key: "Enter" });
    const [, second] = catalogProducts.filter((item) => item.name.includes("T-Shirt"));
    expect(onOpen.mock.calls.map(([hit]) => hit.id)).toEqual([second?.id]);
  });

  it("says when nothing matches and when the search failed", async () => {
    const { field } = show(async (text) =>
      text === "broken"
        ? { ok: false, error: { kind: "storage", message: "The catalog file is damaged." } }
        : byName(text),
    );
    fireEvent.change(field, { target: { value: "zzz" } });
    expect(await screen.findByText("Nothing found for “zzz”.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "broken" } });
    expect(await screen.findByText("The search failed: The catalog file is damaged.")).toBeTruthy();
  });

  it("keeps only the rows in view in the page when results are many, and follows the keyboard", async () => {
    const many = searchHits(
      Array.from({ length: 200 }, (_, index) => product({ id: `p${index}`, name: `Cola ${index}` })),
    );
    const { field, onOpen } = show(async () => ({ ok: true, value: many }));
    fireEvent.change(field, { target: { value: "cola" } });
    await screen.findByText("200 results");
    expect(screen.getAllByRole("option").length).toBeLessThan(30);
    for (let step = 0; step < 150; step += 1) fireEvent.keyDown(field, { key: "ArrowDown" });
    const active = document.getElementById(field.getAttribute("aria-activedescendant") ?? "");
    expect(active?.textContent).toContain("Cola 150");
    expect(screen.getAllByRole("option").length).toBeLessThan(30);
    fireEvent.keyDown(field, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledWith(many[150]);
  });

  it("never lets a slow answer to an old query replace the newer one", async () => {
    let releaseOld: () => void = () => undefined;
    const search = vi.fn((text: string) =>
      text === "old"
        ? new Promise<IpcResult<SearchHit[]>>((resolve) => {
            releaseOld = () => resolve({ ok: true, value: searchHits(catalogProducts) });
          })
        : byName(text),
    );
    const { field } = show(search);
    fireEvent.change(field, { target: { value: "old" } });
    await vi.waitFor(() => expect(search).toHaveBeenCalledWith("old"));
    fireEvent.change(field, { target: { value: "milch" } });
    expect(await screen.findByText("1 result")).toBeTruthy();
    await act(async () => releaseOld());
    expect(screen.getByText("1 result")).toBeTruthy();
  });

  it("marks the words a typo was taken for, and nothing in a row found as typed", async () => {
    const bananas = product({ id: "b", name: "Bananen, per kg" });
    const { field } = show(async (text) => ({
      ok: true,
      value: text === "bananne" ? searchHits([bananas], ["bananen"]) : searchHits([bananas]),
    }));
    fireEvent.change(field, { target: { value: "bananne" } });
    const row = await screen.findByRole("option");
    expect(row.querySelector(".row-name")?.innerHTML).toBe("<mark>Bananen</mark>, per kg");
    fireEvent.change(field, { target: { value: "bananen" } });
    await vi.waitFor(() => expect(screen.getByRole("option").querySelector("mark")).toBeNull());
    expect(screen.getByRole("option").querySelector(".row-name")?.textContent).toBe("Bananen, per kg");
  });
});
