// The names that cross the IPC boundary, without their schemas: the sandboxed preload needs only
// these, so it stays small. catalog-contract.ts pairs each with its schemas.

export const catalogMethods = [
  "signInOrganisation",
  "signInApiKey",
  "signOut",
  "sessionInfo",
  "status",
  "startSync",
  "cancelSync",
  "lookup",
  "search",
  "product",
  "branches",
  "keys",
  "groupKeys",
  "productGroups",
  "shelfLabels",
  "markLabelsPrinted",
  "labelsPdf",
  "settings",
  "changeSettings",
  "saveDiagnostics",
  "reportProblem",
  "serialPorts",
  "serialStatus",
] as const;
export type CatalogMethod = (typeof catalogMethods)[number];

export const catalogEvents = ["syncProgress", "statusChanged", "serialCode", "serialStatus"] as const;
export type CatalogEvent = (typeof catalogEvents)[number];

const prefix = "catalog:";
const eventPrefix = "catalog-event:";

export function methodChannel(method: CatalogMethod): string {
  return `${prefix}${method}`;
}

export function eventChannel(event: CatalogEvent): string {
  return `${eventPrefix}${event}`;
}

/** The method a channel name stands for, or null for any name outside the contract. */
export function methodOfChannel(channel: string): CatalogMethod | null {
  if (!channel.startsWith(prefix)) return null;
  const name = channel.slice(prefix.length);
  return (catalogMethods as readonly string[]).includes(name) ? (name as CatalogMethod) : null;
}

/** "syncProgress" -> "onSyncProgress": the subscription's name in the page's API. */
export type EventSubscriptionName<E extends CatalogEvent> = `on${Capitalize<E>}`;

export function subscriptionName<E extends CatalogEvent>(event: E): EventSubscriptionName<E> {
  return `on${event[0]?.toUpperCase()}${event.slice(1)}` as EventSubscriptionName<E>;
}
