// A products service in a few lines, for property tests: an in-memory catalog served over real HTTP on
// loopback with the contract's list and count, following the reference service's paging (records at
// or after `first`, in (updated_at, id) order, page N at N * size, `next` on a full page), and told
// call by call to misbehave the ways a broken or hostile upstream does. It signs in any API key, so a
// till (or the CLI) can sync from it as from the real service.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { product } from "./product-records.ts";

export interface ModelProduct {
  id: string;
  updatedAt: number;
  deleted: boolean;
  /** The record served, its id, updated_at and deleted set from the fields above; a plain product if absent. */
  record?: Record<string, unknown>;
}

export const misbehaviours = [
  "honest",
  "fault", // a 503
  "garbage", // a body that is not JSON
  "loop-to-first", // page 0 of the whole list, whatever was asked
  "repeat-previous", // the previous answer again
  "same-record", // a full page of one record, with next
  "future-record", // the last record dated in the year 9999
  "future-cursor", // next cursor dated in the year 9999
  "lying-clock", // the last record dated in the year 9999, and the Date header saying so too
  "out-of-order", // the page reversed
  "end-early", // an empty page without next
] as const;
export type Misbehaviour = (typeof misbehaviours)[number];

export interface ModelUpstream {
  baseUrl: string;
  catalog: ModelProduct[];
  /** Misbehaviour of each list call in turn; "honest" once the plan runs out. */
  plan: Misbehaviour[];
  /** Added to the true count in `/meta` answers; "unreadable" answers them with a 503. */
  countLie: number | "unreadable";
  close(): Promise<void>;
}

const future = Date.parse("9999-12-31T23:59:59.999Z");

export async function startModelUpstream(catalog: ModelProduct[]): Promise<ModelUpstream> {
  let previous = "";
  const model: ModelUpstream = {
    baseUrl: "",
    catalog,
    plan: [],
    countLie: 0,
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://model");
    const deleted = url.searchParams.get("deleted") === "true";
    const matching = () => model.catalog.filter((item) => item.deleted === deleted);
    const send = (status: number, body: string, date = new Date().toUTCString()) => {
      response.writeHead(status, { "content-type": "application/json", date });
      response.end(body);
    };
    if (url.pathname.endsWith("/users/auth/key")) return send(200, JSON.stringify(keyLogin()));
    // Products only: no branch list, as an older deployment.
    if (!url.pathname.startsWith("/api/v1/products/"))
      return send(404, JSON.stringify({ status: 404, msg: "not found" }));
    if (url.pathname.endsWith("/meta")) {
      if (model.countLie === "unreadable")
        return send(503, JSON.stringify({ status: 503, msg: "unavailable" }));
      const count = Math.max(0, matching().length + model.countLie);
      send(
        200,
        JSON.stringify({ status: 200, msg: "ok", request: { host: "model", id: "m" }, results: [{ count }] }),
      );
      return;
    }
    const behaviour = model.plan.shift() ?? "honest";
    if (behaviour === "fault") return send(503, JSON.stringify({ status: 503, msg: "unavailable" }));
    if (behaviour === "garbage") return send(200, "{ not json");
    if (behaviour === "repeat-previous" && previous !== "") return send(200, previous);
    const size = Number(url.searchParams.get("size") ?? 1000);
    const first = url.searchParams.get("first");
    const askedPage = Number(url.searchParams.get("page") ?? 0);
    const loop = behaviour === "loop-to-first";
    const page = loop ? 0 : askedPage;
    const from = first === null || loop ? Number.NEGATIVE_INFINITY : Date.parse(first);
    const ordered = matching()
      .filter((item) => item.updatedAt >= from)
      .sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let rows = ordered.slice(page * size, page * size + size);
    if (behaviour === "end-early") rows = [];
    if (behaviour === "same-record" && rows[0])
      rows = Array.from({ length: size }, () => rows[0] as ModelProduct);
    if (behaviour === "out-of-order") rows = [...rows].reverse();
    let records = rows.map((item) => record(item));
    const last = records.at(-1);
    const lies = behaviour === "future-record" || behaviour === "lying-clock";
    if (lies && last)
      records = [...records.slice(0, -1), record({ ...rows.at(-1), updatedAt: future } as ModelProduct)];
    const full = rows.length === size;
    const cursorAt = behaviour === "future-cursor" ? future : (rows.at(-1)?.updatedAt ?? 0);
    const base = `http://model/api/v1/products/acct/?size=${size}`;
    const body = JSON.stringify({
      status: 200,
      msg: "ok",
      request: {
        host: "model",
        id: "r",
        cursor: {
          first: { updated_at: new Date(0).toISOString(), page: 0, cursor_field: "updated_at" },
          page,
          ...(full
            ? {
                next: {
                  id: rows.at(-1)?.id,
                  updated_at: new Date(cursorAt).toISOString(),
                  page: page + 1,
                  cursor_field: "updated_at",
                },
              }
            : {}),
        },
      },
      cursor: {
        first: `${base}&page=0`,
        self: `${base}&page=${page}`,
        ...(full ? { next: `${base}&page=${page + 1}` } : {}),
      },
      count: records.length,
      results: records,
    });
    previous = body;
    send(200, body, behaviour === "lying-clock" ? new Date(future).toUTCString() : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  model.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return model;
}

function record(item: ModelProduct) {
  const plain = product({ id: item.id, deleted: item.deleted }, item.updatedAt);
  if (item.record === undefined) return plain;
  return { ...item.record, id: item.id, deleted: item.deleted, updated_at: plain.updated_at };
}

/** The answer to an API-key login, for the account "acct", valid for a day. */
function keyLogin() {
  const now = { iso: new Date().toISOString(), unix: Date.now() };
  return {
    status: 200,
    msg: "ok",
    request: { host: "model", id: "l" },
    user: { id: "acct", name: "Model shop", legacy_id: null },
    token: "model-token",
    token_type: "Bearer",
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    sub_user: {
      id: "till",
      created_at: now,
      updated_at: now,
      user: { id: null, email: null },
      description: null,
      active: true,
      role: "serviceaccount",
      blocked: false,
      configuration_id: "config",
      user_id: null,
      deleted: false,
      api_key: null,
      username: null,
      name: null,
    },
  };
}
