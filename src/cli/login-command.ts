import { AppError, isAppError } from "../shared/app-error.ts";
import { type SessionInfo, signedInAs } from "../shared/catalog/session-info.ts";
import { serviceUrlSchema } from "../shared/settings/app-settings.ts";
import { askHidden } from "./ask-hidden.ts";
import { dataDirOption, parseCommandArgs } from "./cli-args.ts";
import { type CliIo, type Command, exitCodes } from "./cli-io.ts";
import { withCatalog } from "./open-catalog.ts";
import { localTime } from "./people-format.ts";
import { connectionFromFlags, timeoutOptions, timeoutUsage } from "./timeout-flags.ts";

const loginOptions = {
  ...dataDirOption,
  "base-url": { type: "string" },
  organisation: { type: "string" },
  username: { type: "string" },
  password: { type: "string" },
  "account-id": { type: "string" },
  "api-key": { type: "string" },
  remember: { type: "boolean" },
  ...timeoutOptions,
} as const;

export const loginCommand: Command = {
  usage: `login --base-url URL [(--organisation ORG --username USER [--password PASS] | --account-id ID --api-key KEY) [--remember]] ${timeoutUsage}`,
  async run(args, io) {
    const { values } = parseCommandArgs(args, loginOptions, 0);
    const baseUrl = checkedBaseUrl(values["base-url"]);
    const remember = values.remember ?? false;
    const credentialFlags = ["organisation", "username", "password", "account-id", "api-key"] as const;
    const onlyAddress = credentialFlags.every((flag) => values[flag] === undefined) && !remember;
    const connection = connectionFromFlags(values, "login");
    return withCatalog(
      values["data-dir"],
      io,
      async (catalog) => {
        const before = (await catalog.sessionInfo())?.baseUrl;
        if (onlyAddress && before !== undefined) {
          const moved = await catalog.moveService(baseUrl).catch((error: unknown) => {
            if (!isAppError(error)) throw error;
            throw new AppError(error.kind, `${error.message} The saved address stays ${before}.`, {
              cause: error,
            });
          });
          io.stdout.write(
            `The service is now reached at ${moved.baseUrl}. Still signed in; the catalog is kept.\n`,
          );
          return exitCodes.ok;
        }
        let info: SessionInfo;
        if (values["account-id"] !== undefined) {
          if (values.organisation !== undefined || values.username !== undefined) throw mixedFlows();
          const apiKey = values["api-key"] ?? io.env.CATALOG_API_KEY;
          if (!apiKey)
            throw new AppError("invalid-input", "Give the API key with --api-key or CATALOG_API_KEY.");
          info = await catalog.signInApiKey({ baseUrl, accountId: values["account-id"], apiKey, remember });
        } else {
          if (values["api-key"] !== undefined) throw mixedFlows();
          const { organisation, username } = values;
          if (!organisation || !username) {
            throw new AppError(
              "invalid-input",
              "Give --organisation and --username (or --account-id and --api-key) to sign in.",
            );
          }
          const password =
            values.password ?? (io.env.CATALOG_PASSWORD || undefined) ?? (await askHidden(io, "Password: "));
          info = await catalog.signInOrganisation({ baseUrl, organisation, username, password, remember });
        }
        io.stdout.write(`${describeSignIn(info)}\n`);
        return exitCodes.ok;
      },
      connection,
    );
  },
};

export const logoutCommand: Command = {
  usage: "logout [--forget-catalog]",
  async run(args, io: CliIo) {
    const { values } = parseCommandArgs(args, { ...dataDirOption, "forget-catalog": { type: "boolean" } }, 0);
    const forgetCatalog = values["forget-catalog"] ?? false;
    return withCatalog(values["data-dir"], io, async (catalog) => {
      await catalog.signOut({ forgetCatalog });
      io.stdout.write(
        forgetCatalog
          ? "Signed out. The token, any stored password or key, and the catalog on this till are removed.\n"
          : "Signed out. The token and any stored password or key are forgotten. The catalog stays readable\n" +
              "on this till (lookup, search) but no longer syncs; logout --forget-catalog removes it.\n",
      );
      return exitCodes.ok;
    });
  },
};

/** The app's own rule for the service address (settings, sign-in), so the CLI accepts the same ones. */
function checkedBaseUrl(value: string | undefined): string {
  if (value === undefined) throw new AppError("invalid-input", "Give the service address with --base-url.");
  const parsed = serviceUrlSchema.safeParse(value);
  // The message only: the address may hold a password, which must not end up in a log.
  if (!parsed.success)
    throw new AppError("invalid-input", `--base-url needs ${parsed.error.issues[0]?.message}.`);
  return value.replace(/\/+$/, "");
}

function mixedFlows(): AppError {
  return new AppError(
    "invalid-input",
    "Sign in either with --organisation and --username, or with --account-id and --api-key, not both.",
  );
}

function describeSignIn(info: SessionInfo): string {
  const lines = [
    `Signed in to ${info.account.name ?? info.account.id} as ${signedInAs(info)} until ${localTime(info.expiresAt)}.`,
    info.remembered
      ? "The credentials are stored, so the session renews by itself."
      : "Sign in again after that time (or use --remember to renew by itself).",
  ];
  for (const warning of info.warnings) lines.push(`The service warns: ${warning.label}`);
  return lines.join("\n");
}
