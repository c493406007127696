// Answers from a catalog that no longer syncs are still answers, but the person should know.
import type { SessionState } from "../shared/catalog/session-info.ts";
import type { CliIo } from "./cli-io.ts";

export function noteWhenNotSyncing(state: SessionState, io: CliIo): void {
  if (state === "signed-out") {
    io.stderr.write(
      "Note: signed out, so this catalog no longer syncs; sign in (login) to bring it up to date.\n",
    );
  } else if (state === "session-expired") {
    io.stderr.write("Note: the session has ended, so this catalog does not sync; sign in again (login).\n");
  }
}
