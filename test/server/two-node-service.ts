// The third set-up of the service suites: two nodes over one database behind a real HAProxy
// (scripts/load-balancer.ts). The nodes run in the test's process so the suites can still set their
// clock and faults, but share nothing but the database: each has its own throttle, clock and caches,
// as separate processes would (test/long/two-nodes.test.ts runs them as processes).
import { freePort, startLoadBalancer } from "../../scripts/load-balancer.ts";
import {
  type DemoAccount,
  type RunningService,
  type ServiceOptions,
  startService,
} from "../../src/server/service.ts";

export async function startTwoNodeService(options: ServiceOptions): Promise<RunningService> {
  // The balancer's address is known first: the demo's picture URLs point there, as behind a real one.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // One after the other: the second finds the database migrated and seeded.
  const first = await startService({ port: 0, ...options, publicUrl });
  const second = await startService({ port: 0, ...options, publicUrl }).catch(async (error: unknown) => {
    await first.close();
    throw error;
  });
  const balancer = await startLoadBalancer({ nodes: [first.baseUrl, second.baseUrl], port }).catch(
    async (error: unknown) => {
      await Promise.all([first.close(), second.close()]);
      throw error;
    },
  );
  const viaBalancer = (demo: DemoAccount): DemoAccount => ({ ...demo, baseUrl: balancer.url });
  return {
    baseUrl: balancer.url,
    demo: viaBalancer(first.demo),
    accounts: first.accounts.map(viaBalancer),
    setFaults(faults) {
      first.setFaults(faults);
      second.setFaults(faults);
    },
    async close() {
      await balancer.stop();
      await Promise.all([first.close(), second.close()]);
    },
  };
}
