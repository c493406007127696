// The thin Electron shell. Everything it drives lives in plain modules that never import electron.
import { join } from "node:path";
import { app, BrowserWindow, session } from "electron";
import icon from "../../resources/icon.png?asset";

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    show: false,
    // Windows and macOS take the icon from the packaged app; Linux needs it on the window.
    ...(process.platform === "linux" ? { icon } : {}),
    webPreferences: {
      preload: join(import.meta.dirname, "../preload/index.cjs"),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      // The sandboxed preload cannot ask the app; it reads what it needs from its arguments.
      additionalArguments: [`--app-version=${app.getVersion()}`],
    },
  });
  window.once("ready-to-show", () => window.show());
  // The renderer is a local app: it never navigates away and never opens windows.
  window.webContents.on("will-navigate", (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: "deny" }));
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(join(import.meta.dirname, "../renderer/index.html"));
  return window;
}

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  createWindow();
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});
