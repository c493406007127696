// `window.tillApp` for the standalone app's page: present only in kiosk mode, where it is the page's
// way to quit the app. It hands the page one function, never ipcRenderer.
import { kioskArgument, type TillShell, tillQuitChannel } from "../shared/ipc/till-shell.ts";
import type { ContextBridge, RendererIpc } from "./catalog-bridge.ts";

export function exposeTillShell(
  bridge: ContextBridge,
  ipc: Pick<RendererIpc, "invoke">,
  argv: readonly string[],
): void {
  if (!argv.includes(kioskArgument)) return;
  const shell: TillShell = {
    kiosk: true,
    async quit() {
      await ipc.invoke(tillQuitChannel);
    },
  };
  bridge.exposeInMainWorld("tillApp", Object.freeze(shell));
}
