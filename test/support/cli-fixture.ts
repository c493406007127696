// What the CLI tests share: a reference service started before the file's tests and stopped after,
// and data folders made per test and removed at the end.
import { afterAll, beforeAll } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { tempDir } from "./service-fixtures.ts";

export function cliFixture(options: Omit<Parameters<typeof startService>[0], "port">) {
  let running: RunningService | undefined;
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  beforeAll(async () => {
    running = await startService({ port: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
    for (const dir of dirs) await dir.remove();
  });
  return {
    service(): RunningService {
      if (running === undefined) throw new Error("the reference service is not started yet");
      return running;
    },
    async newDir(): Promise<string> {
      const dir = await tempDir();
      dirs.push(dir);
      return dir.path;
    },
  };
}
