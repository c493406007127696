// The sub-user record as the service returns it, built from a stored row. The password hash never leaves,
// and neither does the API key: a record says only whether one exists. The key itself is shown once, in
// the answer that issues it.
import type { SubUser } from "../../shared/api/sub-user.ts";
import { defaultScopes } from "../auth/scopes.ts";
import { timestamp } from "../store/timestamp.ts";
import type { SubUserRow } from "../store/users-store.ts";

export function subUserRecord(row: SubUserRow, configurationId: string): SubUser & { has_api_key: boolean } {
  const fullName = [row.firstname, row.lastname].filter(Boolean).join(" ");
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
    metadata: null,
    groups: null,
    scopes: parseJsonColumn(row.scopes),
    attributes: null,
    user: { id: null, email: row.email },
    description: row.description,
    active: row.active === 1,
    role: row.role,
    parents: null,
    children: null,
    blocked: row.blocked === 1,
    configuration_id: configurationId,
    user_id: null,
    deleted: row.deleted === 1,
    api_key: null,
    has_api_key: row.api_key_digest !== null,
    key: null,
    username: row.username,
    name: fullName === "" ? null : fullName,
    locations: parseJsonColumn(row.locations),
    firstname: row.firstname,
    lastname: row.lastname,
  };
}

/** The scopes a token of this sub-user carries. */
export function effectiveScopes(row: SubUserRow): string[] {
  const scopes = parseJsonColumn(row.scopes);
  return Array.isArray(scopes) ? scopes.map(String) : [...defaultScopes];
}

function parseJsonColumn(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
