// Who is signed in, where, and until when: what the app remembers about a sign-in outside the secret
// store, and all the renderer may know of it. No token, password or key by construction.
import { z } from "zod";
import { featuresObjectSchema } from "../api/features.ts";

export const accountInfoSchema = z.object({
  id: z.string(),
  legacyId: z.string().nullable(),
  name: z.string().nullable(),
});

const infoBaseSchema = z.object({
  baseUrl: z.string().min(1),
  account: accountInfoSchema,
  subUser: z.object({
    id: z.string(),
    role: z.string().nullable(),
    username: z.string().nullable(),
    /** An API key's sub-user has no user name, but usually a description ("Till 3"). */
    description: z.string().nullable().optional(),
  }),
  features: featuresObjectSchema.nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Whether the password or API key is kept, so an ended session can be renewed unattended. */
  remembered: z.boolean(),
  /** Entries of a successful login's `errors`: shown to the person, never treated as failure. */
  warnings: z.array(z.object({ id: z.string(), label: z.string() })),
  /** True once the person signed out: the catalog stays readable on this till, and nothing syncs. */
  signedOut: z.boolean().optional(),
  /**
   * The service's clock minus this till's, as last measured from its answers (ms): a process that
   * starts later judges the token's expiry on the service's time before it has asked anything.
   */
  clockOffsetMs: z.number().nullable().optional(),
});

export const sessionInfoSchema = z.discriminatedUnion("method", [
  infoBaseSchema.extend({
    method: z.literal("organisation"),
    organisation: z.string(),
    username: z.string(),
  }),
  infoBaseSchema.extend({ method: z.literal("api-key"), accountId: z.string() }),
]);
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/**
 * signed-in: a valid token, or an ended one the stored credentials renew unattended;
 * session-expired: the token ended (or was refused) and nothing can renew it: sign in again;
 * signed-out: nobody signed in, or the person signed out (the last catalog stays readable).
 */
export const sessionStates = ["signed-in", "session-expired", "signed-out"] as const;
export type SessionState = (typeof sessionStates)[number];

/** Who signed in, in words a person recognises: the user name, else the API key's description. */
export function signedInAs(info: Pick<SessionInfo, "subUser" | "account" | "method">): string {
  const { username, description } = info.subUser;
  if (username) return username;
  if (description) return `the API key "${description}"`;
  return info.method === "api-key" ? `an API key of ${info.account.name ?? "this account"}` : "this user";
}
