// The reference service with a misbehaving upstream in front of it, started before a file's tests and
// stopped after, and tills signed in to the demo account through either: what the tests of the
// reference data use to make the service lack a list or send odd records.
import { afterAll, beforeAll } from "vitest";
import type { WiredCatalog } from "../../src/core/app/catalog-wiring.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { type MisbehavingUpstream, startMisbehavingUpstream } from "./misbehaving-upstream.ts";
import { openTestCore, tempDir } from "./service-fixtures.ts";

export function proxiedService(options: { demoProducts: number; seed: number }) {
  let service: RunningService | undefined;
  let upstream: MisbehavingUpstream | undefined;
  const closing: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    service = await startService({ port: 0, ...options });
    upstream = await startMisbehavingUpstream(service.baseUrl);
    closing.push(
      () => (service as RunningService).close(),
      () => (upstream as MisbehavingUpstream).close(),
    );
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });
  const running = () => {
    if (service === undefined || upstream === undefined) throw new Error("the services are not started yet");
    return { service, upstream };
  };
  return {
    running,
    /** A till of its own signed in to the demo account, through the upstream when `proxied`. */
    async till(proxied = false): Promise<WiredCatalog["core"]> {
      const { service, upstream } = running();
      const dir = await tempDir();
      const wired = openTestCore(dir.path);
      closing.push(dir.remove, () => wired.close());
      const { organisation, username, password } = service.demo;
      const baseUrl = proxied ? upstream.baseUrl : service.baseUrl;
      await wired.session.signInOrganisation({ baseUrl, organisation, username, password, remember: false });
      return wired.core;
    },
  };
}
