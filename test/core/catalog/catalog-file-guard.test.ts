// When the catalog file is quick-checked: once when it is opened, and again only if something else
// changed it since. A reader that stays open (the desktop app's main thread) is not made to read every
// page again on a scan because its own sync worker wrote to the file.
import { describe, expect, it, vi } from "vitest";
import { openConnection } from "../../../src/core/catalog/catalog-connection.ts";
import { guardCatalogFile } from "../../../src/core/catalog/catalog-file-guard.ts";
import { livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const quickChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../src/core/catalog/catalog-store.ts", async (original) => {
  const actual = await original<typeof import("../../../src/core/catalog/catalog-store.ts")>();
  return {
    ...actual,
    openCatalogStore: async (...args: Parameters<typeof actual.openCatalogStore>) => {
      const store = await actual.openCatalogStore(...args);
      return {
        ...store,
        check: (mode: "quick" | "full") => {
          if (mode === "quick") quickChecks.count += 1;
          return store.check(mode);
        },
      };
    },
  };
});

const temp = tempCatalogs();

/** Another connection writes a product and moves it into the file itself, as a checkpoint does. */
async function writeElsewhere(file: string, id: string, barcode: string): Promise<void> {
  const writer = await temp.open(file);
  await writer.applyPage(livePage([product({ id, name: id, barcode })], 1, { id }));
  await writer.close();
  const connection = openConnection(file, { readonly: false });
  connection.pragma("wal_checkpoint(TRUNCATE)");
  connection.close();
}

describe("the damaged-file check", () => {
  it("runs when a file is opened, not on every read while it stays open", async () => {
    const file = temp.file();
    await writeElsewhere(file, "a", "111");
    const reader = guardCatalogFile(file, Date.now);
    const before = quickChecks.count;

    expect((await reader.read((store) => store.lookupCode("111")))?.product.id).toBe("a");
    expect(quickChecks.count).toBe(before + 1);
    await writeElsewhere(file, "b", "222");
    expect((await reader.read((store) => store.lookupCode("222")))?.product.id).toBe("b");
    expect(quickChecks.count).toBe(before + 1);
    await reader.close();
  });

  it("is skipped at the next open after a clean close, and runs again once something else wrote", async () => {
    const file = temp.file();
    await writeElsewhere(file, "a", "111");
    const first = guardCatalogFile(file, Date.now);
    await first.read((store) => store.counts());
    await first.write((store) => store.applyPage(livePage([product({ id: "c", barcode: "333" })], 1, {})));
    await first.close();
    const before = quickChecks.count;

    const second = guardCatalogFile(file, Date.now);
    expect((await second.read((store) => store.lookupCode("333")))?.product.id).toBe("c");
    await second.close();
    expect(quickChecks.count).toBe(before);

    await writeElsewhere(file, "d", "444");
    const third = guardCatalogFile(file, Date.now);
    expect((await third.read((store) => store.lookupCode("444")))?.product.id).toBe("d");
    await third.close();
    expect(quickChecks.count).toBe(before + 1);
  });
});
