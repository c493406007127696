// What the package ships beside electron-vite's build (out/main): the type declarations of every
// export, and the screens as a library a host's bundler takes in (React and the barcode drawer left to
// the host). Run by `npm run build`, after electron-vite.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const typesDir = join(root, "out", "types");
const rendererDir = join(root, "out", "package", "renderer");

/** Declarations from the sources, their imports pointing at the .js each .d.ts stands for. */
function buildTypes(): void {
  rmSync(typesDir, { recursive: true, force: true });
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const run = spawnSync(tsc, ["-p", join(root, "tsconfig.package.json")], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`The type declarations did not build:\n${run.stdout}${run.stderr}`);
  for (const file of readdirSync(typesDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".d.ts")) continue;
    const path = join(typesDir, file);
    const text = readFileSync(path, "utf8");
    // The sources import with .ts/.tsx (Node runs them as they are); a .d.ts is found through .js.
    writeFileSync(path, text.replace(/(["'])(\.{1,2}\/[^"']+)\.tsx?\1/g, "$1$2.js$1"));
  }
}

async function buildScreens(): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    plugins: [react()],
    build: {
      outDir: rendererDir,
      emptyOutDir: true,
      lib: { entry: join(root, "src/renderer/src/index.ts"), formats: ["es"], fileName: () => "index.js" },
      minify: false,
      rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, /^bwip-js($|\/)/, /^zod($|\/)/] },
    },
  });
  mkdirSync(rendererDir, { recursive: true });
  copyFileSync(join(root, "src/renderer/src/catalog-app.css"), join(rendererDir, "catalog-app.css"));
  // A side-effect import of the styles typechecks in the host against this.
  writeFileSync(join(typesDir, "renderer", "catalog-app.css.d.ts"), "export {};\n");
}

buildTypes();
await buildScreens();
