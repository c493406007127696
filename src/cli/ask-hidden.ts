// Asks for a password on a terminal without echoing it.
import { AppError } from "../shared/app-error.ts";
import type { CliIo } from "./cli-io.ts";

export function askHidden(io: CliIo, question: string): Promise<string> {
  const { stdin, stderr } = io;
  if (!stdin.isTTY || stdin.setRawMode === undefined) {
    return Promise.reject(
      new AppError("invalid-input", "No password given: use --password or set CATALOG_PASSWORD."),
    );
  }
  const setRawMode = stdin.setRawMode.bind(stdin);
  stderr.write(question);
  setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = () => {
      stdin.off("data", onData);
      setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(typed);
          return;
        }
        if (char === "\u0003") {
          finish();
          reject(new AppError("cancelled", "Sign-in cancelled."));
          return;
        }
        typed = char === "\u007f" || char === "\b" ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on("data", onData);
  });
}
