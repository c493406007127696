import { AppError } from "../shared/app-error.ts";
import type { SessionInfo } from "../shared/catalog/session-info.ts";
import { askHidden } from "./ask-hidden.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type CliIo, type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";

const loginOptions = {
  ...dataDirOption,
  "base-url": { type: "string" },
  organisation: { type: "string" },
  username: { type: "string" },
  password: { type: "string" },
  "account-id": { type: "string" },
  "api-key": { type: "string" },
  remember: { type: "boolean" },
} as const;

export const loginCommand: Command = {
  usage:
    "login --base-url URL (--organisation ORG --username USER [--password PASS] | --account-id ID --api-key KEY) [--remember]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, loginOptions, 0);
    const baseUrl = checkedBaseUrl(values["base-url"]);
    const remember = values.remember ?? false;
    return withCatalog(values["data-dir"], io, async ({ session }) => {
      let info: SessionInfo;
      if (values["account-id"] !== undefined) {
        if (values.organisation !== undefined || values.username !== undefined) throw mixedFlows();
        const apiKey = values["api-key"] ?? io.env.CATALOG_API_KEY;
        if (!apiKey)
          throw new AppError("invalid-input", "Give the API key with --api-key or CATALOG_API_KEY.");
        info = await session.signInApiKey({ baseUrl, accountId: values["account-id"], apiKey, remember });
      } else {
        if (values["api-key"] !== undefined) throw mixedFlows();
        const { organisation, username } = values;
        if (!organisation || !username) {
          throw new AppError(
            "invalid-input",
            "Give --organisation and --username (or --account-id and --api-key) to sign in.",
          );
        }
        const password = values.password ?? io.env.CATALOG_PASSWORD ?? (await askHidden(io, "Password: "));
        info = await session.signInOrganisation({ baseUrl, organisation, username, password, remember });
      }
      io.stdout.write(`${describeSignIn(info)}\n`);
      return exitCodes.ok;
    });
  },
};

export const logoutCommand: Command = {
  usage: "logout",
  async run(args, io: CliIo) {
    const { values } = parseCommandArgs(args, dataDirOption, 0);
    return withCatalog(values["data-dir"], io, async ({ session }) => {
      await session.signOut();
      io.stdout.write("Signed out. The token and any stored password or key are forgotten.\n");
      return exitCodes.ok;
    });
  },
};

function checkedBaseUrl(value: string | undefined): string {
  if (value === undefined) throw new AppError("invalid-input", "Give the service address with --base-url.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(
      "invalid-input",
      `"${value}" is not a web address; give one like http://127.0.0.1:8787.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError(
      "invalid-input",
      `The service address must start with http:// or https://, not ${url.protocol}`,
    );
  }
  return value.replace(/\/+$/, "");
}

function mixedFlows(): AppError {
  return new AppError(
    "invalid-input",
    "Sign in either with --organisation and --username, or with --account-id and --api-key, not both.",
  );
}

function describeSignIn(info: SessionInfo): string {
  const who = info.subUser.username ?? info.subUser.id;
  const lines = [
    `Signed in to ${info.account.name ?? info.account.id} as ${who} until ${info.expiresAt}.`,
    info.remembered
      ? "The credentials are stored, so the session renews by itself."
      : "Sign in again after that time (or use --remember to renew by itself).",
  ];
  for (const warning of info.warnings) lines.push(`The service warns: ${warning.label}`);
  return lines.join("\n");
}
