// The desktop app's main process. Everything it drives lives in plain modules that never import
// electron; src/main/desktop-app.ts holds the shell itself.
import { startDesktopApp } from "./desktop-app.ts";

startDesktopApp();
