// npm run icons: renders resources/icon.svg into the icon files the app and its packages use.
// Run it after changing the picture, and commit the files it writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { iconFiles } from "./icon-files.ts";

const resources = join(import.meta.dirname, "..", "resources");
for (const [name, bytes] of iconFiles(readFileSync(join(resources, "icon.svg"), "utf8"))) {
  writeFileSync(join(resources, name), bytes);
  console.log(`resources/${name}: ${bytes.length.toLocaleString("en")} bytes`);
}
