// The catalog's side of the IPC contract, free of any transport: per method, a function taking the
// raw argument and the caller's address and answering a result value. The Electron shell hands it to
// ipcMain.handle; the browser bridge to HTTP. Checks live here once: the caller must be the app's own
// page, the argument must follow the contract, and the answer is parsed on its way out too, so only
// the contract's fields (never a token or a password) can leave.
import type { z } from "zod";
import { isAppError } from "../../shared/app-error.ts";
import {
  type CatalogEvent,
  type CatalogMethod,
  catalogEvents,
  catalogMethods,
  type EventSubscriptionName,
  eventChannel,
  subscriptionName,
} from "../../shared/ipc/catalog-channels.ts";
import {
  type CatalogContract,
  catalogContract,
  catalogEventContract,
  type EventData,
  type MethodResult,
} from "../../shared/ipc/catalog-contract.ts";
import type { IpcError, IpcResult } from "../../shared/ipc/ipc-result.ts";
import { describeIssues } from "../api/api-errors.ts";

/** What the handlers drive: one method per channel, taking the argument as the contract parsed it. */
export type CatalogServiceMethods = {
  [M in CatalogMethod]: undefined extends MethodInput<M>
    ? (argument?: MethodInput<M>) => Promise<MethodResult<M>>
    : (argument: MethodInput<M>) => Promise<MethodResult<M>>;
};
type MethodInput<M extends CatalogMethod> = z.output<CatalogContract[M]["argument"]>;

/** The service's events, as subscriptions returning their unsubscribe. */
export type CatalogServiceEvents = {
  [E in CatalogEvent as EventSubscriptionName<E>]: (listener: (data: EventData<E>) => void) => () => void;
};

export type CatalogHandler = (
  argument: unknown,
  senderUrl: string | null | undefined,
) => Promise<IpcResult<unknown>>;
export type CatalogHandlers = Readonly<Record<CatalogMethod, CatalogHandler>>;

export interface HandlerOptions {
  /** True for the app's own page (see trustedSender). */
  isTrustedSender: (senderUrl: string | null | undefined) => boolean;
  /** Told about faults that are bugs, for the log; the caller only hears that something went wrong. */
  onFault?: (method: CatalogMethod, error: unknown) => void;
}

export function createCatalogHandlers(
  service: CatalogServiceMethods,
  options: HandlerOptions,
): CatalogHandlers {
  const handlers = {} as Record<CatalogMethod, CatalogHandler>;
  for (const method of catalogMethods) handlers[method] = handlerFor(method, service, options);
  return Object.freeze(handlers);
}

function handlerFor(
  method: CatalogMethod,
  service: CatalogServiceMethods,
  options: HandlerOptions,
): CatalogHandler {
  const { argument: argumentSchema, result: resultSchema } = catalogContract[method];
  const call = service[method] as (argument: unknown) => Promise<unknown>;
  return async (raw, senderUrl) => {
    if (!options.isTrustedSender(senderUrl)) {
      return failure("forbidden-sender", "This request did not come from the catalog app's own window.");
    }
    const argument = (argumentSchema as z.ZodType).safeParse(raw);
    if (!argument.success) {
      return failure("invalid-argument", `The request was not valid: ${describeIssues(argument.error)}.`);
    }
    let value: unknown;
    try {
      value = await call.call(service, argument.data);
    } catch (error) {
      if (isAppError(error)) return failure(error.kind, error.message);
      options.onFault?.(method, error);
      return failure(
        "internal",
        "Something went wrong inside the catalog app. Try again; if it keeps happening, restart the app.",
      );
    }
    const result = (resultSchema as z.ZodType).safeParse(value);
    if (!result.success) {
      options.onFault?.(method, result.error);
      return failure(
        "internal",
        "The catalog app produced an answer it cannot show. Try again; if it keeps happening, restart the app.",
      );
    }
    return { ok: true, value: result.data };
  };
}

function failure(kind: IpcError["kind"], message: string): IpcResult<never> {
  return { ok: false, error: { kind, message } };
}

/**
 * Sends every event of the service through `send`, each checked against the contract first.
 * Returns the function that stops it.
 */
export function forwardCatalogEvents(
  service: CatalogServiceEvents,
  send: (channel: string, data: unknown) => void,
  onFault?: (event: CatalogEvent, error: unknown) => void,
): () => void {
  const stops = catalogEvents.map((event) => {
    const subscribe = service[subscriptionName(event)] as (listener: (data: unknown) => void) => () => void;
    return subscribe.call(service, (data) => {
      const parsed = (catalogEventContract[event] as z.ZodType).safeParse(data);
      if (parsed.success) send(eventChannel(event), parsed.data);
      else onFault?.(event, parsed.error);
    });
  });
  return () => {
    for (const stop of stops) stop();
  };
}
