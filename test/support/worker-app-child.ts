// An app whose background worker runs in a process of its own, killed by the test while that worker
// runs: started as `node worker-app-child.ts WORKER DATA_DIR BASE_URL ORGANISATION USERNAME PASSWORD`.
// It signs in, which starts the first sync (in pages of 15), and writes one line:
// - WORKER `sync`: "syncing" once the sync, in its process, has stored a page (pictures off);
// - WORKER `pictures`: "downloading" once the picture run after it, in its process, has fetched a
//   picture (the sync in a thread).
import { forkedWorker } from "../../src/core/workers/forked-worker.ts";
import { openTestService } from "./catalog-service-fixtures.ts";

const [worker, dataDir, baseUrl, organisation, username, password] = process.argv.slice(2) as string[];
const test = openTestService(
  dataDir as string,
  worker === "sync"
    ? { pictures: false, createSyncWorker: forkedWorker }
    : { createPictureWorker: forkedWorker },
);
let told = false;
const tell = (line: string) => {
  if (told) return;
  told = true;
  process.stdout.write(`${line}\n`);
};
test.service.onSyncProgress((progress) => {
  if (worker === "sync" && progress.pages >= 1) tell("syncing");
});
test.service.onStatusChanged((status) => {
  if (worker === "pictures" && (status.images.progress?.fetched ?? 0) > 0) tell("downloading");
});
await test.service.start();
await test.service.changeSettings({ pageSize: 15 });
await test.service.signInOrganisation({
  baseUrl: baseUrl as string,
  organisation: organisation as string,
  username: username as string,
  password: password as string,
  remember: false,
});
