// The parts login throttling is built from: who counts as one client, and the counters in the database.
import { afterAll, describe, expect, it } from "vitest";
import { clientKey } from "../../src/server/auth/client-address.ts";
import { openDatabase } from "../../src/server/store/database.ts";
import { migrateToLatest } from "../../src/server/store/migrations.ts";
import { givePoint, sweepExpiredCounts, takePoint } from "../../src/server/store/throttle-counts.ts";
import { testDatabase } from "./service-harness.ts";

describe("client addresses", () => {
  it("counts an IPv4 address as itself, however it arrives", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts a whole IPv6 /64 as one client, whatever the spelling", () => {
    const one = clientKey("2001:db8:1:2:3:4:5:6");
    expect(clientKey("2001:db8:1:2::9")).toBe(one);
    expect(clientKey("2001:0DB8:0001:0002:ffff::")).toBe(one);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(one);
    expect(clientKey("::1")).toBe(clientKey("0:0:0:0:0:0:0:1"));
    expect(clientKey("fe80::1%eth0")).toBe(clientKey("fe80::2"));
  });
});

const { db } = openDatabase(await testDatabase());
await migrateToLatest(db);
afterAll(() => db.destroy());
const window = { limit: 2, windowMs: 10_000 };

describe("the throttle counters", () => {
  it("take points up to the limit, then refuse until the window that began with the first one ends", async () => {
    expect(await takePoint(db, "a", window, 1000)).toEqual({ taken: true, expiresAt: 11_000 });
    expect(await takePoint(db, "a", window, 5000)).toEqual({ taken: true, expiresAt: 11_000 });
    expect(await takePoint(db, "a", window, 10_999)).toEqual({ taken: false, expiresAt: 11_000 });
    expect(await takePoint(db, "b", window, 10_999)).toEqual({ taken: true, expiresAt: 20_999 });
    expect(await takePoint(db, "a", window, 11_000)).toEqual({ taken: true, expiresAt: 21_000 });
  });

  it("take a point given back again, but only within the window it was taken in", async () => {
    const first = await takePoint(db, "c", window, 0);
    await takePoint(db, "c", window, 0);
    await givePoint(db, "c", first.expiresAt);
    expect((await takePoint(db, "c", window, 1)).taken).toBe(true);
    expect((await takePoint(db, "c", window, 2)).taken).toBe(false);
    await givePoint(db, "c", first.expiresAt - 1);
    expect((await takePoint(db, "c", window, 3)).taken).toBe(false);
  });

  it("count every one of many takes at once exactly once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => takePoint(db, "d", { limit: 7, windowMs: 1000 }, 0)),
    );
    expect(results.filter((result) => result.taken)).toHaveLength(7);
  });

  it("are swept once their window has ended, and only then", async () => {
    await takePoint(db, "e", window, 100_000);
    const before = await db.selectFrom("throttle_counts").select("key").execute();
    expect(await sweepExpiredCounts(db, 109_999)).toBe(before.length - 1);
    expect(await db.selectFrom("throttle_counts").select("key").execute()).toEqual([{ key: "e" }]);
    expect(await sweepExpiredCounts(db, 110_000)).toBe(1);
  });
});
