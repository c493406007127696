// An app whose sync runs in a process of its own, killed by the test while the sync runs: started as
// `node sync-app-child.ts DATA_DIR BASE_URL ORGANISATION USERNAME PASSWORD`, it signs in (which starts
// the first sync, in pages of 15) and writes "syncing" once the sync has stored a page.
import { forkedWorker } from "../../src/core/workers/forked-worker.ts";
import { openTestService } from "./catalog-service-fixtures.ts";

const [dataDir, baseUrl, organisation, username, password] = process.argv.slice(2) as string[];
const test = openTestService(dataDir as string, { pictures: false, createSyncWorker: forkedWorker });
let told = false;
test.service.onSyncProgress((progress) => {
  if (told || progress.pages < 1) return;
  told = true;
  process.stdout.write("syncing\n");
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
