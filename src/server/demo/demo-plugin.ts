// The demo as a plug-in of the service: the demo chain's reference lists, its pictures' route, and its
// accounts and catalogs seeded into the database.
import type { ServicePlugin } from "../service-plugin.ts";
import { type DemoCredentials, type DemoSetup, ensureDemoAccounts } from "./demo-account.ts";
import { demoReferenceData } from "./demo-reference-data.ts";
import { registerImageRoutes } from "./image-routes.ts";

export function demoPlugin(setup: Omit<DemoSetup, "now" | "imageBaseUrl">): ServicePlugin<DemoCredentials[]> {
  return {
    referenceData: demoReferenceData,
    registerRoutes: registerImageRoutes,
    seed: (db, { baseUrl, now }) => ensureDemoAccounts(db, { ...setup, now, imageBaseUrl: baseUrl }),
  };
}
