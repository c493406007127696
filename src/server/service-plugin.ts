// What the start plugs into the service beside its own rooms: the reference lists it serves, routes of
// its own, and the records it puts in the database once the service listens (the demo is one). The
// service's rooms never import a plug-in; the start hands it over.
import type { FastifyInstance } from "fastify";
import type { FaultSwitch } from "./faults/faults.ts";
import type { ReferenceData } from "./http/reference-data.ts";
import type { ServiceDatabase } from "./store/database.ts";

export interface ServicePlugin<Seeded> {
  referenceData: ReferenceData;
  registerRoutes(app: FastifyInstance, deps: { faults: FaultSwitch }): void;
  /** Runs once the service listens (at `baseUrl`), before any request is answered. */
  seed(db: ServiceDatabase, context: { baseUrl: string; now: number }): Promise<Seeded>;
}
