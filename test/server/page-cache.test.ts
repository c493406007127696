// The page cache alone: a page kept under one write-clock reading is never given out under another,
// and the cache holds no more bytes than its budget, letting go of the page used longest ago first.
import { describe, expect, it } from "vitest";
import { createPageCache } from "../../src/server/store/page-cache.ts";
import type { StoredPage } from "../../src/server/store/products-store.ts";

const page = (bytes: number, id = "a"): StoredPage => ({
  count: 1,
  parts: [Buffer.alloc(bytes, 0x20)],
  last: { id, updated_at: 1, created_at: 1 },
});

describe("the page cache", () => {
  it("gives a page out only under the clock it was read under", () => {
    const cache = createPageCache(1000);
    const kept = page(10);
    cache.put("walk", 3, 7, kept);
    expect(cache.get("walk", 3, 7)).toBe(kept);
    expect(cache.get("walk", 3, 8)).toBeUndefined();
    // Written since: gone for good, even if asked again under the old reading.
    expect(cache.get("walk", 3, 7)).toBeUndefined();
    expect(cache.get("other walk", 3, 7)).toBeUndefined();
    expect(cache.get("walk", 4, 7)).toBeUndefined();
  });

  it("stays within its budget, dropping the page used longest ago", () => {
    const cache = createPageCache(300);
    cache.put("w", 0, 1, page(100, "p0"));
    cache.put("w", 1, 1, page(100, "p1"));
    cache.put("w", 2, 1, page(100, "p2"));
    // Page 0 is used again, so page 1 is now the one used longest ago.
    expect(cache.get("w", 0, 1)?.last?.id).toBe("p0");
    cache.put("w", 3, 1, page(100, "p3"));
    expect(cache.get("w", 1, 1)).toBeUndefined();
    expect([0, 2, 3].map((n) => cache.get("w", n, 1)?.last?.id)).toEqual(["p0", "p2", "p3"]);
  });

  it("keeps nothing larger than its budget, and nothing at all with a budget of 0", () => {
    const small = createPageCache(50);
    small.put("w", 0, 1, page(51));
    expect(small.get("w", 0, 1)).toBeUndefined();
    const none = createPageCache(0);
    none.put("w", 0, 1, { count: 0, parts: [], last: null });
    expect(none.get("w", 0, 1)).toBeUndefined();
  });

  it("replaces a page put again, counting its bytes once", () => {
    const cache = createPageCache(200);
    cache.put("w", 0, 1, page(150, "old"));
    cache.put("w", 0, 2, page(150, "new"));
    expect(cache.get("w", 0, 2)?.last?.id).toBe("new");
    cache.put("w", 1, 2, page(50, "next"));
    expect(cache.get("w", 0, 2)?.last?.id).toBe("new");
    expect(cache.get("w", 1, 2)?.last?.id).toBe("next");
  });
});
