// Where the browser bridge answers, shared by its server and its page end.
import { type CatalogEvent, catalogEvents, eventChannel } from "../shared/ipc/catalog-channels.ts";

export const bridgePaths = {
  /** POST here + the channel name, e.g. /ipc/catalog:lookup */
  call: "/ipc/",
  /** GET: the event stream, one JSON object a line. */
  events: "/ipc-events",
  /** The script that puts window.catalog into the page. */
  client: "/bridge-client.js",
} as const;

export function eventOfChannel(channel: string): CatalogEvent | null {
  return catalogEvents.find((event) => eventChannel(event) === channel) ?? null;
}
