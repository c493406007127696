// The Electron shell with `electron` replaced by a recording double (the binary cannot run here):
// the single-instance lock, the window's options, the session's permission handlers (the camera for the
// app's own page only), navigation and
// window-open denial, IPC registered for the contract's channels only and refusing foreign pages,
// events to the window, and the catalog closed before quitting.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { startService } from "../../src/server/service.ts";
import { catalogMethods, eventChannel, methodChannel } from "../../src/shared/ipc/catalog-channels.ts";
import { appPictureAddress, pictureScheme } from "../../src/shared/ipc/picture-address.ts";
import { kioskArgument, tillQuitChannel } from "../../src/shared/ipc/till-shell.ts";
import { heldPictures } from "../support/held-pictures.ts";
import { allEnded } from "../support/process-tree.ts";
import { socat, socatMissing, startPtyPair } from "../support/pty-pair.ts";
import { openTestCore, tempDir as scratchDir, signInDemo } from "../support/service-fixtures.ts";
import { type ElectronDouble, RecordingEvent } from "./electron-double.ts";
import { launch, until } from "./launch-shell.ts";

function pageUrl(double: ElectronDouble): string {
  const loaded = double.windows[0]?.loaded;
  return loaded?.url ?? pathToFileURL(loaded?.file ?? "").href;
}

function invoke(double: ElectronDouble, channel: string, senderUrl: string | null, argument?: unknown) {
  const handler = double.handlers.get(channel);
  if (handler === undefined) throw new Error(`no handler for ${channel}`);
  return handler({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, argument) as Promise<{
    ok: boolean;
    value?: unknown;
    error?: { kind: string };
  }>;
}

/** Asks the window to close, as Alt+F4 or the window manager would; true when the window refused. */
function closeRefused(double: ElectronDouble): boolean {
  const event = new RecordingEvent();
  double.windows[0]?.emit("close", event);
  return event.prevented;
}

describe("the desktop shell", () => {
  it("quits at once when another instance holds the lock, opening nothing", async () => {
    const { double } = await launch({ lock: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(double.app.quitCalls).toBe(1);
    expect(double.windows).toHaveLength(0);
    expect(double.handlers.size).toBe(0);
  });

  it("opens one isolated, sandboxed window on the built page with the sandboxed preload", async () => {
    const { double } = await launch();
    const [window] = double.windows;
    const prefs = window?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      additionalArguments: ["--app-version=9.8.7", "--till-locale=fr-FR"],
    });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(window?.loaded?.file).toMatch(/renderer[\\/]index\.html$/);
    window?.emit("ready-to-show");
    expect(window?.shown).toBe(1);
  });

  it("grants the camera (video only) to the app's own page, and refuses every other permission and page", async () => {
    const { double } = await launch();
    const own = pageUrl(double);
    const asked = (permission: string, details: Record<string, unknown>) => {
      let granted: boolean | null = null;
      double.permissions.request?.(
        {},
        permission,
        (answer) => {
          granted = answer;
        },
        details,
      );
      return granted;
    };
    expect(asked("media", { requestingUrl: own, mediaTypes: ["video"] })).toBe(true);
    expect(asked("media", { requestingUrl: own, mediaTypes: ["video", "audio"] })).toBe(false);
    expect(asked("media", { requestingUrl: own, mediaTypes: ["audio"] })).toBe(false);
    expect(asked("media", { requestingUrl: own, mediaTypes: [] })).toBe(false);
    expect(asked("media", { requestingUrl: "https://evil.example/", mediaTypes: ["video"] })).toBe(false);
    expect(asked("media", { requestingUrl: `${own}.evil`, mediaTypes: ["video"] })).toBe(false);
    expect(asked("media", { mediaTypes: ["video"] })).toBe(false);
    for (const permission of ["notifications", "geolocation", "hid", "clipboard-read", "openExternal"]) {
      expect(asked(permission, { requestingUrl: own }), permission).toBe(false);
    }
    const checked = (permission: string, origin: string, details: Record<string, unknown>) =>
      double.permissions.check?.({}, permission, origin, details);
    expect(checked("media", "file:///", { requestingUrl: own, mediaType: "video" })).toBe(true);
    expect(checked("media", "file:///", { requestingUrl: own, mediaType: "audio" })).toBe(false);
    expect(checked("media", "https://evil.example", { mediaType: "video" })).toBe(false);
    expect(checked("notifications", "file:///", { requestingUrl: own })).toBe(false);
    expect(double.permissions.device?.({})).toBe(false);
  });

  it("denies every navigation, redirect, webview and new window", async () => {
    const { double } = await launch();
    const contents = double.windows[0]?.webContents;
    for (const name of ["will-navigate", "will-redirect", "will-attach-webview"]) {
      const event = new RecordingEvent();
      contents?.emit(name, event, "https://evil.example/");
      expect(event.prevented, name).toBe(true);
    }
    expect(contents?.windowOpenHandler?.({ url: "https://evil.example/" })).toEqual({ action: "deny" });
  });

  it("registers exactly the contract's channels, answering the app's page and refusing others", async () => {
    const { double } = await launch();
    expect([...double.handlers.keys()].sort()).toEqual(catalogMethods.map(methodChannel).sort());
    // electron-store's own renderer channel is not left open either.
    expect(double.ipcMain.eventNames()).toEqual([]);

    const own = pageUrl(double);
    expect(await invoke(double, methodChannel("settings"), own)).toMatchObject({
      ok: true,
      value: { syncIntervalMinutes: 15 },
    });
    for (const sender of ["https://evil.example/", "file:///tmp/other.html", null]) {
      expect(await invoke(double, methodChannel("settings"), sender)).toMatchObject({
        ok: false,
        error: { kind: "forbidden-sender" },
      });
    }
    expect(await invoke(double, methodChannel("lookup"), own, { code: 42 })).toMatchObject({
      ok: false,
      error: { kind: "invalid-argument" },
    });
  });

  it("keeps settings in electron-store and sends status events to the window", async () => {
    const { double, userData } = await launch();
    const own = pageUrl(double);
    const changed = await invoke(double, methodChannel("changeSettings"), own, { syncIntervalMinutes: 30 });
    expect(changed).toMatchObject({ ok: true, value: { syncIntervalMinutes: 30 } });
    const file = join(userData, "catalog-settings.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ syncIntervalMinutes: 30 });
    await until(() => (double.windows[0]?.webContents.sent.length ?? 0) > 0);
    expect(double.windows[0]?.webContents.sent[0]?.channel).toBe(eventChannel("statusChanged"));
  });

  it("syncs and downloads the pictures each in a utility process of its own, named for the task manager", async () => {
    const running = await startService({ port: 0, demoProducts: 60 });
    try {
      const { double } = await launch();
      const { baseUrl, organisation, username, password } = running.demo;
      const signedIn = await invoke(double, methodChannel("signInOrganisation"), pageUrl(double), {
        baseUrl,
        organisation,
        username,
        password,
        remember: false,
      });
      expect(signedIn).toMatchObject({ ok: true });
      const named = (module: string) =>
        double.utilityProcess.forks.filter((fork) => fork.modulePath.includes(module));
      await until(() => named("sync-worker").length > 0 && named("image-worker").length > 0);
      expect(named("sync-worker")[0]?.options.serviceName).toBe("Catalog sync");
      expect(named("image-worker")[0]?.options.serviceName).toBe("Product pictures");
      expect(await allEnded(double.utilityProcess.forks.map((fork) => fork.pid))).toBe(true);
    } finally {
      await running.close();
    }
  });

  it("tells why sign-ins cannot be remembered when the OS offers no encryption", async () => {
    const { double, userData } = await launch({ encryption: false });
    const status = await invoke(double, methodChannel("status"), pageUrl(double));
    expect(status).toMatchObject({
      ok: true,
      value: { rememberUnavailable: expect.stringMatching(/cannot be remembered/) },
    });
    expect(existsSync(join(userData, "secrets"))).toBe(false);
  });

  it("focuses the first window when the app is launched again", async () => {
    const { double } = await launch();
    const window = double.windows[0];
    if (window) window.minimized = true;
    double.app.emit("second-instance");
    expect(window?.restored).toBe(1);
    expect(window?.focused).toBe(1);
    expect(double.windows).toHaveLength(1);
  });

  it("closes the catalog before quitting: the first quit waits, then quits for real", async () => {
    const { double } = await launch();
    const event = new RecordingEvent();
    double.app.emit("will-quit", event);
    expect(event.prevented).toBe(true);
    await until(() => double.app.quitCalls === 1);
    expect(double.handlers.size).toBe(0);
    const again = new RecordingEvent();
    double.app.emit("will-quit", again);
    expect(again.prevented).toBe(false);
  });
});

describe("the desktop shell in kiosk mode (--kiosk)", () => {
  it("fills the screen on top of everything, with no frame, window controls or menu", async () => {
    const { double } = await launch({ argv: ["/opt/pos-catalog/pos-catalog", "--kiosk"] });
    expect(double.windows[0]?.options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      alwaysOnTop: true,
      closable: false,
      minimizable: false,
      maximizable: false,
      resizable: false,
      movable: false,
    });
    expect(double.menu.application).toBeNull();
    // The sandboxed preload learns it from its arguments, so the page gets its way out.
    const prefs = double.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(prefs.additionalArguments).toEqual(["--app-version=9.8.7", "--till-locale=fr-FR", kioskArgument]);
  });

  it("refuses to close until the app quits, and quits only when the app's own page asks", async () => {
    const { double } = await launch({ argv: ["/opt/pos-catalog/pos-catalog", "--kiosk"] });
    expect(closeRefused(double)).toBe(true);
    for (const sender of ["https://evil.example/", "file:///tmp/other.html", null]) {
      expect(await invoke(double, tillQuitChannel, sender)).toBe(false);
    }
    expect(double.app.quitCalls).toBe(0);
    expect(closeRefused(double)).toBe(true);

    expect(await invoke(double, tillQuitChannel, pageUrl(double))).toBe(true);
    expect(double.app.quitCalls).toBe(1);
    // Electron's quit starts with before-quit, then closes the windows.
    double.app.emit("before-quit");
    expect(closeRefused(double)).toBe(false);
  });

  it("lets Windows end the session (log-off, shutdown) without quitting first", async () => {
    const { double } = await launch({ argv: ["/opt/pos-catalog/pos-catalog", "--kiosk"] });
    double.windows[0]?.emit("session-end");
    expect(closeRefused(double)).toBe(false);
  });

  it("is off without the flag: a normal window, Electron's menu, no quit channel, closing allowed", async () => {
    const { double } = await launch({ argv: ["/opt/pos-catalog/pos-catalog", "--kiosk-mode"] });
    const options = double.windows[0]?.options ?? {};
    for (const key of ["kiosk", "fullscreen", "frame", "alwaysOnTop", "closable"]) {
      expect(options, key).not.toHaveProperty(key);
    }
    expect(double.menu.application).toBeUndefined();
    expect(double.handlers.has(tillQuitChannel)).toBe(false);
    expect(closeRefused(double)).toBe(false);
  });
});

describe("the desktop shell's picture scheme", () => {
  /** A user-data folder whose picture cache holds the pictures of a synced demo catalog. */
  async function withPictures(userData: string): Promise<void> {
    const running = await startService({ port: 0, demoProducts: 30 });
    try {
      const wired = openTestCore(userData);
      await signInDemo(wired.session, running);
      await wired.core.sync();
      expect(await wired.core.images.run({ download: true })).toMatchObject({ failed: 0 });
      await wired.core.close();
    } finally {
      await running.close();
    }
  }

  const get = (double: ElectronDouble, url: string, method = "GET") =>
    double.protocol.handlers.get(pictureScheme)?.(new Request(url, { method })) as Promise<Response>;

  it("is registered as privileged (standard, secure, no CSP bypass) before the app is ready", async () => {
    const { double } = await launch();
    expect(double.protocol.privileged).toEqual([
      { scheme: "catalog-image", privileges: { standard: true, secure: true } },
    ]);
    expect(double.protocol.privilegedAtReady).toBe(1);
    expect([...double.protocol.handlers.keys()]).toEqual(["catalog-image"]);
  });

  it("serves a cached picture by its hash, as the kind its bytes are", async () => {
    const { double, userData } = await launch({ prepare: withPictures });
    const [[hash, bytes]] = [...heldPictures(userData)] as [[string, Buffer]];
    const answer = await get(double, appPictureAddress(hash));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
  });

  it("refuses anything that is not exactly a hash the cache holds", async () => {
    const { double, userData } = await launch({ prepare: withPictures });
    const [hash] = [...heldPictures(userData).keys()] as [string];
    const refused: [string, number][] = [
      [`catalog-image://cache/${hash.toUpperCase()}`, 400],
      [`catalog-image://cache/${hash}/`, 400],
      [`catalog-image://cache/${hash}?v=1`, 400],
      [`catalog-image://cache/${hash}%00`, 400],
      [`catalog-image://cache/${hash.slice(1)}`, 400],
      [`catalog-image://cache/..%2f..%2f..%2fetc%2fpasswd`, 400],
      [`catalog-image://cache/%2e%2e%2fcache.sqlite`, 400],
      ["catalog-image://cache/cache.sqlite", 400],
      [`catalog-image://other/${hash}`, 400],
      [`catalog-image://cache/images/${hash}`, 400],
      [`catalog-image://cache/${"0".repeat(64)}`, 404],
    ];
    for (const [url, status] of refused) {
      const answer = await get(double, url);
      expect(answer.status, url).toBe(status);
      expect(answer.headers.get("content-type"), url).toBe("text/plain; charset=utf-8");
    }
    expect((await get(double, appPictureAddress(hash), "POST")).status).toBe(405);
  });
});

describe.runIf(socat !== undefined)("the desktop shell with --serial PATH[:BAUD]", () => {
  it("reads that serial scanner in the main process and sends its codes to the window", async () => {
    const dir = await scratchDir();
    const pty = await startPtyPair(dir.path);
    try {
      const { double } = await launch({
        argv: ["/opt/pos-catalog/pos-catalog", "--serial", `${pty.port}:19200`],
      });
      const own = pageUrl(double);
      const connected = async () =>
        ((await invoke(double, methodChannel("serialStatus"), own)) as { value: { state: string } }).value
          .state;
      for (let tries = 0; (await connected()) !== "connected"; tries++) {
        if (tries > 500) throw new Error("the serial scanner never connected");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      pty.send("]E04006381333931\r\n");
      const sent = () => double.windows[0]?.webContents.sent ?? [];
      await until(() => sent().some((event) => event.channel === eventChannel("serialCode")));
      expect(sent().find((event) => event.channel === eventChannel("serialCode"))?.data).toEqual({
        code: "4006381333931",
        symbology: "]E0",
      });
    } finally {
      await pty.pull();
      await dir.remove();
    }
  });
});

if (socat === undefined) it.skip(`the desktop shell with --serial ${socatMissing}`, () => {});
