// `npm run ui`: the cashier's screens in a browser, for machines where Electron cannot run. Starts the
// reference service with a demo catalog, the catalog service in a data directory, and the browser
// bridge serving the built screens; prints the address to open. The sign-in form comes pre-filled
// with the service's address and demo user; the password is printed, to be typed as a cashier would.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openBrowserCatalog } from "../bridge/browser-catalog.ts";
import { buildBridgePage } from "../bridge/build-page.ts";
import { serveCatalog } from "../bridge/serve-catalog.ts";
import { maxDemoProducts, startService } from "../server/service.ts";
import { bundledWorkers } from "./bundled-workers.ts";
import { dataDirOption, integerFlag, parseCommandArgs, serialFlag, serialOption } from "./cli-args.ts";
import type { CliIo } from "./cli-io.ts";
import { givenDataDir } from "./data-dir.ts";

export const uiUsage =
  "ui [--products N (default 20000)] [--port P (default: any free)] [--data-dir DIR] [--serial PATH[:BAUD]]";

export interface RunningUi {
  url: string;
  close(): Promise<void>;
}

export async function startUi(args: string[], io: Pick<CliIo, "stdout" | "stderr">): Promise<RunningUi> {
  const { values } = parseCommandArgs(
    args,
    { ...dataDirOption, ...serialOption, products: { type: "string" }, port: { type: "string" } },
    0,
  );
  const products = integerFlag("products", values.products, 50, maxDemoProducts) ?? 20_000;
  const port = integerFlag("port", values.port, 0, 65_535) ?? 0;
  const dataDir = givenDataDir(values["data-dir"], "--data-dir");
  const serialPort = serialFlag(values.serial);
  const work = await mkdtemp(join(tmpdir(), "pos-catalog-ui-"));
  const closers: (() => Promise<unknown>)[] = [() => rm(work, { recursive: true, force: true })];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    io.stderr.write(
      `Building the screens and starting the reference service with ${products} demo products...\n`,
    );
    const [upstream, workers] = await Promise.all([
      startService({ port: 0, demoProducts: products }),
      bundledWorkers(),
      buildBridgePage(join(work, "page")),
    ]);
    closers.push(() => upstream.close());
    const catalog = await openBrowserCatalog(dataDir ?? join(work, "data"), {
      workers,
      onFault: (what, error) => io.stderr.write(`fault in ${what}: ${String(error)}\n`),
      ...(serialPort ? { serialPort } : {}),
    });
    closers.push(() => catalog.close());
    const settings = await catalog.service.settings();
    if (settings.baseUrl === null) {
      const { organisation, username } = upstream.demo;
      await catalog.service.changeSettings({
        baseUrl: upstream.baseUrl,
        signIn: { method: "organisation", organisation, username },
      });
    }
    const bridge = await serveCatalog({
      service: catalog.service,
      pageDir: join(work, "page"),
      port,
      onFault: (what, error) => io.stderr.write(`fault in ${what}: ${String(error)}\n`),
    });
    closers.push(() => bridge.close());
    const { demo } = upstream;
    io.stdout.write(
      `Reference service: ${upstream.baseUrl}  (organisation "${demo.organisation}", username ${demo.username}, password ${demo.password})\n` +
        `Open the till in a browser on this machine:\n  ${bridge.url}\n` +
        "The address carries this run's secret; the screens work only with it. Ctrl-C stops everything.\n",
    );
    return { url: bridge.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
