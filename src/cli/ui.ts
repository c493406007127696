// `npm run ui [-- --products N] [--port P] [--data-dir DIR]`: the screens in a browser (see ui-command.ts).
import { isAppError } from "../shared/app-error.ts";
import { startUi, uiUsage } from "./ui-command.ts";

try {
  const ui = await startUi(process.argv.slice(2), process);
  const stop = () => {
    void ui.close().then(() => {
      process.exitCode = 0;
    });
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  process.stderr.write(`${isAppError(error) ? error.message : String(error)}\nusage: npm run ${uiUsage}\n`);
  process.exitCode = 2;
}
