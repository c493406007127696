import { describe, expect, it } from "vitest";
import { deletedPage, livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

const parent = product({
  id: "shirt",
  name: "Shirt",
  type: "variant_product",
  barcode: "SHIRT",
  options: [{ Colour: ["red", "blue"] }],
  children: [
    { id: "shirt-red", barcodes: ["5000000000018"] },
    { id: "shirt-blue", barcodes: ["5000000000025"] },
    { id: "shirt-green", barcodes: ["5000000000032"] },
  ],
});
const red = product({ id: "shirt-red", name: "Shirt red", type: "variant", parent: "shirt", barcode: "RED" });
const blue = product({ id: "shirt-blue", name: "Shirt blue", type: "variant", parent: "shirt" });

async function catalogWith(...products: ReturnType<typeof product>[]) {
  const store = await temp.open(temp.file());
  await store.applyPage(livePage(products));
  return store;
}

describe("lookupCode finds every kind of code", () => {
  it("finds barcode, each of barcodes and each codes[].data", async () => {
    const store = await catalogWith(
      product({
        id: "a",
        barcode: "111",
        barcodes: ["222", "333"],
        codes: [{ data: "QR-DATA", type: "qr" }, { data: "444" }],
      }),
    );
    for (const code of ["111", "222", "333", "QR-DATA", "444"]) {
      expect((await store.lookupCode(code))?.product.id, code).toBe("a");
    }
    expect(await store.lookupCode("555")).toBeNull();
  });

  it("finds a UPC-A product by its EAN-13 form and the other way round", async () => {
    const store = await catalogWith(
      product({ id: "upc", barcode: "036000291452" }),
      product({ id: "ean", barcodes: ["0012345678905"] }),
    );
    expect((await store.lookupCode("0036000291452"))?.product.id).toBe("upc");
    expect((await store.lookupCode("036000291452"))?.product.id).toBe("upc");
    expect((await store.lookupCode("012345678905"))?.product.id).toBe("ean");
  });

  it("ignores whitespace around the scanned and the stored code", async () => {
    const store = await catalogWith(product({ id: "a", barcode: " 4006381333931 " }));
    expect((await store.lookupCode("\t4006381333931\n"))?.product.id).toBe("a");
  });

  it("finds a child by the barcode its parent's summary lists, and the parent when the child is absent", async () => {
    const store = await catalogWith(parent, red);
    expect((await store.lookupCode("5000000000018"))?.product.id).toBe("shirt-red");
    expect((await store.lookupCode("5000000000025"))?.product.id).toBe("shirt");
  });

  it("does not answer a deleted child's barcode with its parent", async () => {
    const store = await catalogWith(parent, red);
    await store.applyPage(deletedPage([{ ...red, updated_at: { iso: "", unix: 5_000 } }]));
    expect(await store.lookupCode("5000000000018")).toBeNull();
  });

  it("returns empty and blank codes as no match", async () => {
    const store = await catalogWith(product({ id: "a", barcode: "111" }));
    expect(await store.lookupCode("")).toBeNull();
    expect(await store.lookupCode("   ")).toBeNull();
  });
});

describe("lookupCode picks one product for a shared code", () => {
  it("prefers an active product to a more recent inactive one", async () => {
    const store = await catalogWith(
      product({ id: "old-active", barcode: "777" }, 1_000),
      product({ id: "new-inactive", barcode: "777", active: false }, 9_000),
    );
    expect((await store.lookupCode("777"))?.product.id).toBe("old-active");
  });

  it("then prefers the most recently updated, and never a deleted one", async () => {
    const store = await catalogWith(
      product({ id: "older", barcode: "777" }, 1_000),
      product({ id: "newer", barcode: "777" }, 2_000),
      product({ id: "newest", barcode: "777" }, 3_000),
    );
    expect((await store.lookupCode("777"))?.product.id).toBe("newest");
    await store.applyPage(deletedPage([product({ id: "newest" }, 4_000)]));
    expect((await store.lookupCode("777"))?.product.id).toBe("newer");
  });
});

describe("lookupCode returns the variant family", () => {
  it("gives a variant its parent and all live siblings, itself included", async () => {
    const store = await catalogWith(parent, red, blue, product({ id: "other", parent: "elsewhere" }));
    const match = await store.lookupCode("RED");
    expect(match?.product.id).toBe("shirt-red");
    expect(match?.parent?.id).toBe("shirt");
    expect(match?.variants.map((item) => item.id)).toEqual(["shirt-blue", "shirt-red"]);
  });

  it("gives a parent its live variants and no parent", async () => {
    const store = await catalogWith(parent, red, blue);
    await store.applyPage(deletedPage([{ ...blue, updated_at: { iso: "", unix: 5_000 } }]));
    const match = await store.lookupCode("SHIRT");
    expect(match?.parent).toBeNull();
    expect(match?.variants.map((item) => item.id)).toEqual(["shirt-red"]);
  });

  it("gives a variant whose parent we do not hold its siblings and a null parent", async () => {
    const store = await catalogWith(red, blue);
    const match = await store.lookupCode("RED");
    expect(match?.parent).toBeNull();
    expect(match?.variants.map((item) => item.id)).toEqual(["shirt-blue", "shirt-red"]);
  });

  it("gives a standard product no parent and no variants", async () => {
    const store = await catalogWith(product({ id: "a", barcode: "111" }), red);
    expect(await store.lookupCode("111")).toMatchObject({ parent: null, variants: [] });
  });
});
