// The HTTP application: fastify with JSON bodies only, one error envelope for every failure, and the routes.
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { AuthDependencies } from "../auth/auth.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { PasswordHasher } from "../auth/passwords.ts";
import { delayAnswers } from "../faults/answer-delay.ts";
import type { FaultSwitch } from "../faults/faults.ts";
import type { ServiceDatabase } from "../store/database.ts";
import type { PageCache } from "../store/page-cache.ts";
import type { PagePositions } from "../store/page-positions.ts";
import type { WriteClock } from "../store/write-clock.ts";
import { registerBranchRoutes } from "./branch-routes.ts";
import { answerClientError, answerConnect, answerUnmetExpectation } from "./client-errors.ts";
import { sendError } from "./envelope.ts";
import { registerFavouriteRoutes } from "./favourite-routes.ts";
import { healthPath, registerHealthRoutes } from "./health-routes.ts";
import { HttpError } from "./http-error.ts";
import { acceptJsonBodiesOnly } from "./json-body.ts";
import { registerLoginRoutes } from "./login-routes.ts";
import { drainOversizedBodies } from "./oversized-body.ts";
import { registerProductGroupRoutes } from "./product-group-routes.ts";
import { registerProductReadRoutes } from "./product-routes.ts";
import { registerProductWriteRoutes } from "./product-write-routes.ts";
import { noReferenceData, type ReferenceData } from "./reference-data.ts";
import { registerRequestGuards } from "./request-guards.ts";
import { setSecurityHeaders } from "./security-headers.ts";
import { registerTaxRoutes } from "./tax-routes.ts";
import { registerUserRoutes } from "./user-routes.ts";

export interface AppDependencies extends AuthDependencies {
  tokenTtlSeconds: number;
  faults: FaultSwitch;
  writeClock: WriteClock;
  positions: PagePositions;
  pages: PageCache;
  loginThrottle: LoginThrottle;
  passwords: PasswordHasher;
  /** What the health check asks (the service's database unless given: see `OpenedDatabase.probe`). */
  probe?: ServiceDatabase;
  /** Milliseconds added before every answer (0: none). */
  latencyMs?: number;
  /**
   * Settles once the database is ready to answer: requests that arrive sooner wait for it. The service
   * listens before it seeds the demo catalogs, whose picture URLs need the address it listens on.
   */
  ready?: Promise<unknown>;
  /** The branches, taxes and product groups served (none by default). */
  referenceData?: ReferenceData;
  /** Routes a plug-in adds (the demo's pictures). */
  extraRoutes?: (app: FastifyInstance) => void;
}

/** Request bodies larger than this are refused with 413. */
export const bodyLimitBytes = 1024 * 1024;
/** A body over the limit but declared no larger than this is read to its end before the 413 (oversized-body.ts). */
const drainLimitBytes = 8 * bodyLimitBytes;
/** The request line and headers together; more is refused with 431. */
export const headerLimitBytes = 16 * 1024;
/** Requests handled at once; more are refused with 503 and `retry-after`. */
export const maxConcurrentRequests = 256;
/** Open connections; more are closed as they arrive. */
const maxConnections = 1024;
/** A path segment (an account, configuration or record id) longer than this is refused with 414. */
export const maxPathSegmentChars = 100;
/** A request must have arrived whole within this time, else 408. */
const requestTimeoutMs = 30_000;

export function createApp(deps: AppDependencies): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: bodyLimitBytes,
    routerOptions: { maxParamLength: maxPathSegmentChars },
    // The Host check is the request guard's, so its refusal comes in the envelope like every other.
    http: { maxHeaderSize: headerLimitBytes, requireHostHeader: false },
    genReqId: () => randomUUID(),
    requestTimeout: requestTimeoutMs,
    // Closing waits for requests in flight (drain.ts) and closes idle keep-alive connections at once.
    forceCloseConnections: "idle",
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => replyWithError(error, request, reply),
  });
  app.server.maxConnections = maxConnections;
  // An HTTP server's sockets are net sockets; the event is typed for any stream.
  app.server.on("connect", (_request, socket) => answerConnect(socket as Socket));
  app.server.on("checkExpectation", answerUnmetExpectation);
  // Before fastify's own listener, so every answer carries them, even one a fault writes on the raw socket.
  app.server.prependListener("request", (_request, response) => {
    setSecurityHeaders(response);
    // The service's own clock, which also dates its tokens: a test that moves it sees the Date move too.
    response.setHeader("date", new Date(deps.clock()).toUTCString());
  });
  const { ready } = deps;
  let started = ready === undefined;
  if (ready !== undefined) {
    ready.then(
      () => {
        started = true;
      },
      () => undefined,
    );
    // The health check answers at once, saying whether the start is done.
    app.addHook("onRequest", async (request) => {
      if (request.routeOptions.url !== healthPath) await ready;
    });
  }
  delayAnswers(app, deps.latencyMs ?? 0);
  registerRequestGuards(app, maxConcurrentRequests);
  acceptJsonBodiesOnly(app);
  drainOversizedBodies(app, bodyLimitBytes, drainLimitBytes);
  app.setErrorHandler((error: FastifyError, request, reply) => replyWithError(error, request, reply));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, noRoute(app, request)));
  registerHealthRoutes(app, { db: deps.probe ?? deps.db, started: () => started });
  registerLoginRoutes(app, deps);
  registerProductReadRoutes(app, deps);
  registerProductWriteRoutes(app, deps);
  registerUserRoutes(app, deps);
  const referenceData = deps.referenceData ?? noReferenceData;
  registerBranchRoutes(app, deps, referenceData.branches);
  registerTaxRoutes(app, deps, referenceData.taxes);
  registerProductGroupRoutes(app, deps, referenceData.productGroups);
  registerFavouriteRoutes(app, deps);
  deps.extraRoutes?.(app);
  return app;
}

const routedMethods = ["GET", "HEAD", "POST", "PUT", "DELETE"];

/** 405 with `allow` when the path exists under other methods, else 404. */
function noRoute(app: FastifyInstance, request: FastifyRequest): HttpError {
  const path = request.url.split("?", 1)[0] ?? "";
  const allowed = routedMethods.filter((method) => app.findRoute({ method, url: path }) !== null);
  if (allowed.length === 0) return new HttpError(404, `No route for ${request.method} ${path}.`);
  const allow = allowed.join(", ");
  return new HttpError(405, `${path} answers ${allow}, not ${request.method}.`, [], {}, { allow });
}

function replyWithError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, asHttpError(error));
}

/** Client errors keep fastify's plain message; anything else is a 500 that shows no internals. */
function asHttpError(error: FastifyError | Error): HttpError {
  if (error instanceof HttpError) return error;
  const status = "statusCode" in error ? (error.statusCode ?? 500) : 500;
  if (status >= 400 && status < 500) {
    return new HttpError(status, error.message, [
      { id: "code" in error ? error.code : "bad_request", label: error.message },
    ]);
  }
  process.stderr.write(`internal error: ${error.stack ?? error.message}\n`);
  return new HttpError(500, "The service failed to handle this request.");
}
