// The connections to the commerce service, kept open between requests and shared by every client the
// catalog makes: a sync of a thousand pages opens one connection, not a thousand, and a process that
// is done closes them all at once instead of waiting for each to time out.
//
// undici's pool (Node's fetch is built on it) also keeps the connect deadline, which fetch cannot
// tell from waiting for an answer, and a backstop for the other two: a connection whose abort was
// lost on its way through fetch (Node's fetch can drop one when the signal it follows is collected)
// is still closed by undici's own timers instead of holding the process open.
/// <reference path="./undici-agent.d.ts" />
import type { RequestDeadlines } from "./request-deadlines.ts";

type Agent = import("undici").Agent;
type Dispatch = Agent["dispatch"];
type DispatchHandler = Parameters<Dispatch>[1];

export interface ConnectionPool {
  /**
   * The `dispatcher` to give fetch for one request: this pool's connections, held to `deadlines`.
   * `onSent` is called once the request has been written to the connection. Node's fetch takes any
   * undici dispatcher, though its bundled types name an older undici's (and the DOM's none).
   */
  dispatcher(deadlines: RequestDeadlines, onSent?: () => void): Promise<unknown>;
  /** Ends every connection now, open or idle; a later request opens new ones. */
  close(): Promise<void>;
}

export function createConnectionPool(): ConnectionPool {
  // One undici pool per set of deadlines: the settings can change them between requests.
  const agents = new Map<string, Promise<Agent>>();

  function agentFor(deadlines: RequestDeadlines): Promise<Agent> {
    const key = `${deadlines.connectMs}/${deadlines.firstByteMs}/${deadlines.wholeAnswerMs}`;
    let agent = agents.get(key);
    if (agent === undefined) {
      // Loaded on the first request, like ky: a lookup never needs it. The pool's file alone: undici's
      // index also loads its fetch, WebSocket, caches and mocks, which cost every sync worker's start
      // 0.12 s of CPU more (issue 52).
      agent = import("undici/lib/dispatcher/agent.js").then(
        ({ default: Agent }) =>
          new Agent({
            connect: { timeout: deadlines.connectMs },
            headersTimeout: deadlines.firstByteMs,
            bodyTimeout: deadlines.wholeAnswerMs,
          }),
      );
      agents.set(key, agent);
    }
    return agent;
  }

  return {
    async dispatcher(deadlines, onSent) {
      const agent = await agentFor(deadlines);
      if (onSent === undefined) return agent;
      const dispatch: Dispatch = (options, handler) => agent.dispatch(options, toldWhenSent(handler, onSent));
      // fetch calls nothing but `dispatch` on the dispatcher of a request.
      return { dispatch };
    },
    async close() {
      const closing = [...agents.values()];
      agents.clear();
      await Promise.all(closing.map(async (agent) => (await agent).destroy()));
    },
  };
}

/** The handler fetch gave, also telling `onSent` when undici has written the request. */
function toldWhenSent(handler: DispatchHandler, onSent: () => void): DispatchHandler {
  const told: DispatchHandler & { onRequestSent?: () => void } = Object.create(handler);
  const inner = handler as { onRequestSent?: () => void };
  told.onRequestSent = () => {
    onSent();
    inner.onRequestSent?.call(told);
  };
  return told;
}
