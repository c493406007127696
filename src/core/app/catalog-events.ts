// The catalog's events and their listeners. A listener that throws is a bug of its host: it is
// reported as a fault and the other listeners still hear the event.
import type { CatalogEvent } from "../../shared/ipc/catalog-channels.ts";
import type { EventData } from "../../shared/ipc/catalog-contract.ts";

export interface CatalogEventHub {
  emit<E extends CatalogEvent>(event: E, data: EventData<E>): void;
  /** Returns the function that removes the listener. */
  on<E extends CatalogEvent>(event: E, listener: (data: EventData<E>) => void): () => void;
  heard(event: CatalogEvent): boolean;
  clear(): void;
}

export function createEventHub(fault: (what: string, error: unknown) => void): CatalogEventHub {
  const listeners: Record<CatalogEvent, Set<(data: unknown) => void>> = {
    syncProgress: new Set(),
    statusChanged: new Set(),
    serialCode: new Set(),
    serialStatus: new Set(),
  };
  return {
    emit(event, data) {
      for (const listener of listeners[event]) {
        try {
          listener(data);
        } catch (error) {
          fault(`a ${event} listener`, error);
        }
      }
    },
    on(event, listener) {
      const entry = listener as (data: unknown) => void;
      listeners[event].add(entry);
      return () => {
        listeners[event].delete(entry);
      };
    },
    heard: (event) => listeners[event].size > 0,
    clear() {
      for (const set of Object.values(listeners)) set.clear();
    },
  };
}
