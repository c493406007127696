// Two service nodes (real child processes) over one PostgreSQL database, behind a real HAProxy: what a
// node needs to answer any request is in the database, so it makes no difference which node answers.
// Each test here fails when a node keeps that state in its own memory (a signing key, a key cache, a
// throttle count, a write clock per process, a page or a page's end kept past another node's write):
// docs/development.md, "What the two-node tests prove".
import { afterAll, describe, expect, it } from "vitest";
import { startLoadBalancer } from "../../scripts/load-balancer.ts";
import { createRandom } from "../../src/server/faults/seeded-random.ts";
import { freshPostgresDatabase } from "../support/postgres-database.ts";
import { adminApi, localProducts, openTestCore, tempDir } from "../support/service-fixtures.ts";
import { type ReadyLine, type ServiceNode, startServiceNode } from "../support/service-node.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const userFailures = 3;

/** Two nodes on a fresh database, the second started once the first has seeded it, and a balancer. */
async function twoNodes(demoProducts: number, extra: string[] = []) {
  const database = await freshPostgresDatabase();
  const args = [
    "--database",
    database,
    "--demo",
    String(demoProducts),
    "--demo-seed",
    "11",
    "--login-user-failures",
    String(userFailures),
    ...extra,
  ];
  const first = await startServiceNode(args);
  cleanups.push(() => first.stop("SIGKILL"));
  const second = await startServiceNode(args);
  cleanups.push(() => second.stop("SIGKILL"));
  const balancer = await startLoadBalancer({ nodes: [first.baseUrl, second.baseUrl] });
  cleanups.push(() => balancer.stop());
  return { first, second, url: balancer.url, demo: first.ready };
}

async function post(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function orgLogin(node: ServiceNode, demo: ReadyLine, password: string, username = demo.username) {
  const body = { organisation: demo.organisation, username, password };
  return post(node.baseUrl, "/api/v1/users/auth/organisation/login", body);
}

function countProducts(baseUrl: string, demo: ReadyLine, token: string) {
  return fetch(`${baseUrl}/api/v1/products/${demo.accountId}/meta`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.status);
}

/** The ids on one page of the live products ordered by creation, as `node` answers it. */
async function pageIds(node: ServiceNode, demo: ReadyLine, token: string, page: number) {
  const query = `deleted=false&cursor_field=created_at&size=10&page=${page}`;
  const response = await fetch(`${node.baseUrl}/api/v1/products/${demo.accountId}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: { id: string }[] };
  return body.results.map((product) => product.id);
}

/** A till of its own signed in through the balancer, as the CLI wires the core. */
async function till(url: string, demo: ReadyLine) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const opened = openTestCore(dir.path);
  cleanups.push(() => opened.core.close());
  const { organisation, username, password } = demo;
  await opened.session.signInOrganisation({
    baseUrl: url,
    organisation,
    username,
    password,
    remember: false,
  });
  return { core: opened.core, local: () => localProducts(dir.path, demo.accountId) };
}

describe("two nodes behind the balancer", async () => {
  const { first, second, url, demo } = await twoNodes(300);

  it("accept on one node the token the other issued", async () => {
    const login = await orgLogin(first, demo, demo.password);
    expect(login.status).toBe(200);
    expect(await countProducts(second.baseUrl, demo, login.json.token as string)).toBe(200);
  });

  it("throttle failed logins spread over both at exactly the single-node limit", async () => {
    // Made-up users: the answer is the same whether a user exists, and the demo admin stays free.
    const nodes = [first, second];
    for (let attempt = 0; attempt < userFailures; attempt++) {
      const node = nodes[attempt % 2] as ServiceNode;
      expect((await orgLogin(node, demo, "wrong", "typist@example.test")).status).toBe(401);
    }
    expect((await orgLogin(first, demo, "wrong", "typist@example.test")).status).toBe(429);
    expect((await orgLogin(second, demo, "wrong", "typist@example.test")).status).toBe(429);
    // A burst of parallel guesses, half through each node.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        orgLogin(nodes[index % 2] as ServiceNode, demo, "wrong", "guesser@example.test"),
      ),
    );
    const statuses = burst.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(userFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - userFailures);
    expect((await orgLogin(second, demo, demo.password)).status).toBe(200);
  });

  it("bring a till every change made on both nodes while it syncs incrementally the whole time", async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const onFirst = await adminApi({ baseUrl: first.baseUrl, demo });
      const onSecond = await adminApi({ baseUrl: second.baseUrl, demo });
      const { core, local } = await till(url, demo);
      await core.sync({ pageSize: 50 });
      const random = createRandom(seed);
      const ids = [...(await onFirst.liveProducts()).keys()];
      let writing = true;
      const write = async (writer: typeof onFirst) => {
        for (let step = 0; step < 20; step++) {
          const roll = random.int(0, 9);
          if (roll < 5)
            await writer.updateProduct(random.pick(ids), { summary: `seed ${seed} step ${step}` });
          else if (roll < 8)
            ids.push((await writer.createProduct({ name: `Neu ${seed}-${step}` })).id as string);
          else await writer.deleteProduct(random.pick(ids)).catch(() => undefined);
        }
      };
      const syncing = (async () => {
        while (writing) await core.sync({ pageSize: 50 });
      })();
      await Promise.all([write(onFirst), write(onSecond), write(onFirst), write(onSecond)]);
      writing = false;
      await syncing;
      const summary = await core.sync({ pageSize: 50 });
      expect(summary.mode).toBe("incremental");
      expect(local(), `seed ${seed}`).toEqual(await onSecond.liveProducts());
    }
  }, 300_000);

  it("answer a page as the other node does after a write through it", async () => {
    // Walked on the first node, which keeps the pages and where each ended; then a product on page 0
    // is deleted through the second: page 1 now starts one product later, on both nodes.
    const token = (await orgLogin(first, demo, demo.password)).json.token as string;
    const walked = [await pageIds(first, demo, token, 0), await pageIds(first, demo, token, 1)];
    const admin = await adminApi({ baseUrl: second.baseUrl, demo });
    await admin.deleteProduct(walked[0]?.[3] as string);
    const onSecond = await pageIds(second, demo, token, 1);
    expect(onSecond[0]).toBe(walked[1]?.[1]);
    expect(await pageIds(first, demo, token, 1), "page 1 on the first node").toEqual(onSecond);
  });

  it("refuse on one node, at once, a key deleted through the other", async () => {
    const keyLogin = await post(second.baseUrl, "/api/v1/users/auth/key", {
      id: demo.accountId,
      api_key: demo.apiKey,
    });
    expect(keyLogin.status).toBe(200);
    const token = keyLogin.json.token as string;
    expect(await countProducts(second.baseUrl, demo, token)).toBe(200);
    const admin = await adminApi({ baseUrl: first.baseUrl, demo });
    const holder = (await admin.listUsers()).find((user) => user.username !== demo.username);
    await admin.revokeApiKey(holder?.id as string);
    expect(await countProducts(second.baseUrl, demo, token)).toBe(401);
    expect(await countProducts(first.baseUrl, demo, token)).toBe(401);
  });
});

describe("a node killed mid-sync", async () => {
  const { second, url, demo } = await twoNodes(3000);

  it("leaves every till to finish through the other with the service's catalog", async () => {
    const tills = await Promise.all([1, 2, 3].map(() => till(url, demo)));
    let killed: Promise<unknown> | undefined;
    const syncs = tills.map((each, index) =>
      each.core.sync({
        pageSize: 100,
        onProgress: (progress) => {
          if (index === 0 && progress.pages >= 5) killed ??= second.stop("SIGKILL");
        },
      }),
    );
    await Promise.all(syncs);
    expect(await killed).toBe("SIGKILL");
    const service = await (await adminApi({ baseUrl: url, demo })).liveProducts();
    // The demo catalog holds some deleted products too.
    expect(service.size).toBeGreaterThan(2500);
    for (const each of tills) expect(each.local()).toEqual(service);
  }, 300_000);
});
