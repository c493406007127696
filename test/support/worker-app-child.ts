// An app whose background worker runs in a process of its own, killed by the test while that worker
// runs: started as `node worker-app-child.ts WORKER DATA_DIR BASE_URL ORGANISATION USERNAME PASSWORD`.
// It signs in, which starts the first sync (in pages of 15), and writes "under way" once:
// - WORKER `sync`: the sync, in its process, has stored a page (pictures off);
// - WORKER `pictures`: the picture run after it, in its process, has fetched a picture (the sync in
//   a thread).
// Tests start it through worker-app.ts.
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
const tell = () => {
  if (told) return;
  told = true;
  process.stdout.write("under way\n");
};
test.service.onSyncProgress((progress) => {
  if (worker === "sync" && progress.pages >= 1) tell();
});
test.service.onStatusChanged((status) => {
  if (worker === "pictures" && (status.images.progress?.fetched ?? 0) > 0) tell();
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
