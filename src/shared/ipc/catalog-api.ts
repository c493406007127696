// The page's view of the catalog (`window.catalog`), derived from the contract: one method per
// channel answering a result value, and one `on...` subscription per event returning its unsubscribe.
import type { CatalogEvent, CatalogMethod, EventSubscriptionName } from "./catalog-channels.ts";
import type { EventData, MethodArgument, MethodResult } from "./catalog-contract.ts";
import type { IpcResult } from "./ipc-result.ts";

export type CatalogMethods = {
  [M in CatalogMethod]: undefined extends MethodArgument<M>
    ? (argument?: MethodArgument<M>) => Promise<IpcResult<MethodResult<M>>>
    : (argument: MethodArgument<M>) => Promise<IpcResult<MethodResult<M>>>;
};

export type CatalogSubscriptions = {
  [E in CatalogEvent as EventSubscriptionName<E>]: (listener: (data: EventData<E>) => void) => () => void;
};

export type CatalogApi = CatalogMethods &
  CatalogSubscriptions & {
    /** The app's version, for the about line. */
    readonly appVersion: string;
    /**
     * The address an <img> loads a cached picture from, given its hash (a family's `pictures`): the
     * app's picture scheme in Electron, the bridge's picture route in a browser. Anything but a hash
     * the cache holds is refused there, so a missing picture is a failed load, never another request.
     */
    readonly imageAddress: (hash: string) => string;
  };
