// A bundler plugin (rolldown's, as the CLI and its workers are bundled, and vite's, as electron-vite
// builds the app): the bundle carries the product record check compiled, instead of the module that
// compiles it at a process's first record (product-record-validator.ts). Plain JavaScript, like the
// CLI's own start, so that the bundler's process loads it without a build of its own.
import { fileURLToPath } from "node:url";

const validatorFile = fileURLToPath(new URL("../core/api/product-record-validator.ts", import.meta.url));

/**
 * @param {{ onInput?: (file: string) => void }} [options] told each file the compiled code comes
 *   from, for a cache that must build again when one changes (the schema's own files are bundled
 *   anyway: the sync's zod parsing imports them)
 */
export function precompiledProductCheck(options = {}) {
  return {
    name: "precompiled-product-check",
    /** @param {string} id */
    async load(id) {
      if (id !== validatorFile) return null;
      options.onInput?.(validatorFile);
      return await validatorModule();
    },
  };
}

/**
 * The module in place of product-record-validator.ts: ajv's code for the same schema with the same
 * options, and the same export. The sources are loaded once a process: a bundle built again after a
 * source changed needs a new process (every CLI start is one).
 */
async function validatorModule() {
  const [{ Ajv }, { default: standaloneCode }, { checkOptions, productRecordJsonSchema }] = await Promise.all(
    [import("ajv"), import("ajv/dist/standalone/index.js"), import(validatorFile)],
  );
  const ajv = new Ajv({ ...checkOptions, code: { source: true, esm: true } });
  const code = withHelpersImported(standaloneCode(ajv, ajv.compile(productRecordJsonSchema())));
  return `${code}\nexport function productRecordValidator() { return validate; }\n`;
}

/**
 * ajv's code takes its helpers (a string's length in code points) with `require`, which an ES module
 * does not have. Each becomes an import of the same module's exports, which the bundler can follow.
 *
 * @param {string} code
 */
function withHelpersImported(code) {
  /** @type {Map<string, string>} */
  const helpers = new Map();
  const body = code.replace(
    /\brequire\("(ajv\/dist\/runtime\/[\w-]+)"\)/gu,
    (_, /** @type {string} */ path) => {
      const name = helpers.get(path) ?? `ajvHelper${helpers.size}`;
      helpers.set(path, name);
      return name;
    },
  );
  // Anything else it required would fail where the module runs: fail the build instead, and the CLI
  // runs its sources (built-entry.mjs), which compile the check as before.
  if (/\brequire\(/u.test(body))
    throw new Error("ajv's code for the product check requires a module of its own");
  const imports = [...helpers].map(([path, name]) => `import ${name} from "${path}.js";`);
  return [...imports, body].join("\n");
}
