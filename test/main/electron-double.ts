// A stand-in for the parts of Electron the shell touches, recording what the shell does with them.
// The Electron binary cannot run here; only test/main uses this, through vi.mock("electron").
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { utilityProcessDouble } from "../support/utility-process-double.ts";

export class RecordingEvent {
  prevented = false;
  preventDefault() {
    this.prevented = true;
  }
}

export class ContentsDouble extends EventEmitter {
  url = "";
  sent: { channel: string; data: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, data: unknown) {
    this.sent.push({ channel, data });
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.url;
  }
}

export function createElectronDouble(
  userData: string,
  options: { lock?: boolean; encryption?: boolean } = {},
) {
  const windows: BrowserWindowDouble[] = [];
  // Privileged schemes as registered, and how many were registered when the app asked for ready.
  const protocol = {
    privileged: [] as { scheme: string; privileges: Record<string, boolean> }[],
    privilegedAtReady: null as number | null,
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      protocol.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      if (protocol.handlers.has(scheme)) throw new Error(`second handler for ${scheme}`);
      protocol.handlers.set(scheme, handler);
    },
  };
  const app = Object.assign(new EventEmitter(), {
    quitCalls: 0,
    ready: Promise.resolve(),
    requestSingleInstanceLock: () => options.lock ?? true,
    whenReady() {
      protocol.privilegedAtReady ??= protocol.privileged.length;
      return this.ready;
    },
    getPath: (name: string) => (name === "userData" ? userData : `/nonexistent/${name}`),
    getVersion: () => "9.8.7",
    getLocale: () => "fr-FR",
    getName: () => "pos-catalog",
    quit() {
      app.quitCalls += 1;
    },
  });

  class BrowserWindowDouble extends EventEmitter {
    static getAllWindows = () => windows.filter((window) => !window.destroyed);
    options: Record<string, unknown>;
    webContents = new ContentsDouble();
    loaded: { url?: string; file?: string } | null = null;
    focused = 0;
    minimized = false;
    restored = 0;
    shown = 0;
    destroyed = false;
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      windows.push(this);
      app.emit("web-contents-created", new RecordingEvent(), this.webContents);
    }
    async loadURL(url: string) {
      this.loaded = { url };
      this.webContents.url = url;
    }
    async loadFile(file: string) {
      this.loaded = { file };
      this.webContents.url = new URL(`file://${file}`).href;
    }
    show() {
      this.shown += 1;
    }
    focus() {
      this.focused += 1;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.restored += 1;
    }
    isDestroyed() {
      return this.destroyed;
    }
  }

  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = Object.assign(new EventEmitter(), {
    handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  });

  // A real cipher with a key of this run: what matters is that only ciphertext reaches the disk.
  const key = randomBytes(32);
  const safeStorage = {
    isEncryptionAvailable: () => options.encryption ?? true,
    getSelectedStorageBackend: () => "gnome_libsecret",
    encryptString(text: string) {
      const iv = randomBytes(16);
      const cipher = createCipheriv("aes-256-cbc", key, iv);
      return Buffer.concat([iv, cipher.update(text, "utf8"), cipher.final()]);
    },
    decryptString(sealed: Buffer) {
      const decipher = createDecipheriv("aes-256-cbc", key, sealed.subarray(0, 16));
      return Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString("utf8");
    },
  };

  const permissions = {
    request: null as
      | null
      | ((
          contents: unknown,
          permission: string,
          callback: (granted: boolean) => void,
          details: Record<string, unknown>,
        ) => void),
    check: null as null | ((...args: unknown[]) => boolean),
    device: null as null | ((...args: unknown[]) => boolean),
  };
  const session = {
    defaultSession: {
      setPermissionRequestHandler(handler: typeof permissions.request) {
        permissions.request = handler;
      },
      setPermissionCheckHandler(handler: typeof permissions.check) {
        permissions.check = handler;
      },
      setDevicePermissionHandler(handler: typeof permissions.device) {
        permissions.device = handler;
      },
    },
  };

  // What the shell set as the application menu: undefined while it set none (Electron's default menu).
  const menu = { application: undefined as unknown };
  const Menu = {
    setApplicationMenu(value: unknown) {
      menu.application = value;
    },
  };

  // Each sync in a real Node process that talks as a utility process does.
  const utilityProcess = utilityProcessDouble();

  const module = {
    app,
    BrowserWindow: BrowserWindowDouble,
    ipcMain,
    Menu,
    protocol,
    safeStorage,
    session,
    utilityProcess,
  };
  return { module, app, windows, handlers, ipcMain, permissions, menu, protocol, utilityProcess };
}

export type ElectronDouble = ReturnType<typeof createElectronDouble>;
