// What the app remembers about a sign-in, outside the secret store: who, where, until when, and
// enough to sign in again once the stored password or key is fetched from the secret store.
import { z } from "zod";
import type { ErrorDetail } from "../../shared/api/error.ts";
import { type Features, featuresObjectSchema, type KeyLoginResult } from "../../shared/api/login.ts";

const recordBaseSchema = z.object({
  baseUrl: z.string().min(1),
  account: z.object({ id: z.string(), legacyId: z.string().nullable(), name: z.string().nullable() }),
  subUser: z.object({ id: z.string(), role: z.string().nullable(), username: z.string().nullable() }),
  features: featuresObjectSchema.nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Whether the password or API key is kept, so an ended session can be renewed unattended. */
  remembered: z.boolean(),
  /** Entries of a successful login's `errors`: shown to the person, never treated as failure. */
  warnings: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const sessionRecordSchema = z.discriminatedUnion("method", [
  recordBaseSchema.extend({
    method: z.literal("organisation"),
    organisation: z.string(),
    username: z.string(),
  }),
  recordBaseSchema.extend({ method: z.literal("api-key"), accountId: z.string() }),
]);
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** The non-secret half of what a login needs. */
export type LoginIdentity =
  | { baseUrl: string; method: "organisation"; organisation: string; username: string }
  | { baseUrl: string; method: "api-key"; accountId: string };

export function identityOf(record: SessionRecord): LoginIdentity {
  if (record.method === "organisation") {
    const { baseUrl, method, organisation, username } = record;
    return { baseUrl, method, organisation, username };
  }
  const { baseUrl, method, accountId } = record;
  return { baseUrl, method, accountId };
}

/** What either login result carries; the key login has no features and no warnings. */
export type LoginFacts = Pick<KeyLoginResult, "user" | "expires_at"> & {
  sub_user: { id: string; role?: string | null; username?: string | null };
  features?: Features | null;
  errors?: ErrorDetail[];
};

export function recordFromLogin(
  result: LoginFacts,
  identity: LoginIdentity,
  remembered: boolean,
): SessionRecord {
  return {
    ...identity,
    account: { id: result.user.id, legacyId: result.user.legacy_id ?? null, name: result.user.name ?? null },
    subUser: {
      id: result.sub_user.id,
      role: result.sub_user.role ?? null,
      username: result.sub_user.username ?? null,
    },
    features: result.features ?? null,
    expiresAt: result.expires_at,
    remembered,
    warnings: (result.errors ?? []).map(({ id, label }) => ({ id, label })),
  };
}
