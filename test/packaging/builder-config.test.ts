// The packaging configuration, checked the way electron-builder itself reads and validates it (its
// own loader and JSON schema), since packaging cannot run here (it downloads the Electron binary).
// Also: the fuses the app ships with, and icon files that are what their one source renders.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Configuration } from "app-builder-lib";
import { getConfig, validateConfiguration } from "app-builder-lib/out/util/config/config.js";
import { DebugLogger } from "builder-util/out/DebugLogger.js";
import { describe, expect, it } from "vitest";
import { iconFiles } from "../../scripts/icon-files.ts";

const root = join(import.meta.dirname, "..", "..");
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const loadConfig = (): Promise<Configuration> => getConfig(root, null, null);
const validate = (config: Configuration) => validateConfiguration(config, new DebugLogger(false));

describe("electron-builder configuration", () => {
  it("passes electron-builder's own schema", async () => {
    await expect(validate(await loadConfig())).resolves.toBeUndefined();
  });

  it("is refused by that schema when it holds an option electron-builder does not know", async () => {
    const config = await loadConfig();
    const refusal = (option: string) =>
      new RegExp(`^Invalid configuration object[^]*configuration\\.${option} `, "u");
    await expect(
      validate({ ...config, electronFuses: { runAsNod: false } } as Configuration),
    ).rejects.toThrow(refusal("electronFuses"));
    await expect(
      validate({ ...config, linux: { ...config.linux, kiosk: true } } as Configuration),
    ).rejects.toThrow(refusal("linux"));
  });

  it("flips the fuses that keep code and debuggers out of the packaged app", async () => {
    expect((await loadConfig()).electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it("packs the built app into an asar for Linux, Windows and macOS under one app id", async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.appId).toMatch(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9-]*)+$/u);
    expect(config.productName).toBe("POS Catalog");
    expect(config.linux?.target).toEqual(["AppImage", "deb"]);
    expect(config.win?.target).toEqual(["nsis"]);
    expect(config.mac?.target).toEqual(["dmg"]);
    // The app's entry point is inside what gets packed.
    expect(packageJson.main).toMatch(/^\.\/out\//u);
    // The app, without what only the npm package needs (types, the screens as a library).
    expect(config.files).toEqual([
      { filter: ["out/**/*", "!out/types/**", "!out/package/**", "package.json"] },
    ]);
    expect(config.directories?.buildResources).toBe("resources");
    // The serial scanner's native module loads from a real file beside the asar.
    expect(config.asarUnpack).toEqual(["**/node_modules/@serialport/bindings-cpp/prebuilds/**"]);
    expect(packageJson.dependencies.serialport).toBeDefined();
  });

  it("publishes the generic update feed, and has Windows updates checked against the publisher", async () => {
    const config = await loadConfig();
    expect(config.publish).toEqual({ provider: "generic", url: expect.stringMatching(/^https:\/\//u) });
    expect(config.win?.signtoolOptions?.publisherName).toEqual(["POS Catalog authors"]);
    expect(config.win?.verifyUpdateCodeSignature).toBe(true);
    await expect(
      validate({ ...config, publish: { provider: "generic" } } as unknown as Configuration),
    ).rejects.toThrow(/configuration\.publish/u);
  });

  it("is what `npm run dist` packs with, after building the app", () => {
    expect(packageJson.scripts.dist).toBe("npm run build && electron-builder");
  });
});

describe("icons", () => {
  it("are exactly what `npm run icons` renders from resources/icon.svg", () => {
    const svg = readFileSync(join(root, "resources", "icon.svg"), "utf8");
    const files = iconFiles(svg);
    expect([...files.keys()].sort()).toEqual(["icon.icns", "icon.ico", "icon.png"]);
    for (const [name, bytes] of files) {
      expect(readFileSync(join(root, "resources", name)).equals(bytes), `resources/${name} is stale`).toBe(
        true,
      );
    }
  });

  it("hold their images where Windows and macOS look for them", () => {
    const files = iconFiles(readFileSync(join(root, "resources", "icon.svg"), "utf8"));
    const ico = files.get("icon.ico") as Buffer;
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => ico.readUInt8(6 + 16 * index) || 256);
    expect(sizes).toContain(256);
    for (let index = 0; index < count; index += 1) {
      const length = ico.readUInt32LE(6 + 16 * index + 8);
      const offset = ico.readUInt32LE(6 + 16 * index + 12);
      expect(ico.subarray(offset + 1, offset + 4).toString("latin1")).toBe("PNG");
      expect(offset + length).toBeLessThanOrEqual(ico.length);
    }
    const icns = files.get("icon.icns") as Buffer;
    expect(icns.subarray(0, 4).toString("latin1")).toBe("icns");
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      types.push(icns.subarray(offset, offset + 4).toString("latin1"));
    }
    expect(types).toContain("ic10");
  });
});
