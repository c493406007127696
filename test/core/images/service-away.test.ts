import { afterEach, describe, expect, it } from "vitest";
import { startService } from "../../../src/server/service.ts";
import { startPictureHost } from "../../support/picture-host.ts";
import { syncedPictureTill } from "../../support/picture-till.ts";
import { adminApi } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A till synced with products whose pictures are on a host that has gone away; its clock stands still. */
async function tillWithHostAway(pictures: number[]) {
  const service = await startService({ port: 0, demoProducts: 0 });
  cleanups.push(() => service.close());
  const host = await startPictureHost();
  const admin = await adminApi(service);
  for (const number of pictures) {
    await admin.createProduct({
      name: `Box ${number}`,
      images: { "1x": `${host.baseUrl}/good/${number}.png` },
    });
  }
  await host.close();
  const { cache, catalogFile } = await syncedPictureTill(service, (cleanup) => cleanups.push(cleanup));
  return {
    cache,
    status: () => cache.status(catalogFile),
    run: () => cache.run({ catalogFile, capBytes: 500_000_000, download: true }),
    /** The host answers again, on the same address. */
    async hostBack() {
      const back = await startPictureHost({ port: Number(new URL(host.baseUrl).port) });
      cleanups.push(() => back.close());
      return back;
    },
  };
}

describe("pictures whose host was away", () => {
  it("are fetched at the next run once the host answers again, with no time passed", async () => {
    const till = await tillWithHostAway([1, 2, 3]);
    expect(await till.run()).toMatchObject({ toFetch: 3, fetched: 0, failed: 3 });
    expect(till.status()).toMatchObject({ cached: 0, wanted: 3 });
    expect(till.status().problem).toMatch(/could not be downloaded/);

    const host = await till.hostBack();
    expect(await till.run()).toMatchObject({ toFetch: 3, fetched: 3, failed: 0 });
    expect(host.requests.map((request) => request.path).sort()).toEqual([
      "/good/1.png",
      "/good/2.png",
      "/good/3.png",
    ]);
    expect(till.status()).toMatchObject({ cached: 3, wanted: 3, problem: null });
  });

  it("never count towards giving a picture up", async () => {
    const till = await tillWithHostAway([7]);
    // More runs than a refusing host gets tries before its picture is given up.
    for (let round = 0; round < 7; round++) expect(await till.run()).toMatchObject({ failed: 1 });
    await till.hostBack();
    expect(await till.run()).toMatchObject({ fetched: 1, failed: 0 });
  });
});
