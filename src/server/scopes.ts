// Scopes are "resource:action" strings. A granted scope also covers the narrower ones below it
// ("products:read" covers "products:read:one"), may carry the account as a prefix, and "admin" covers all.

export type Permission =
  | "products:read"
  | "products:read:one"
  | "products:create"
  | "products:update"
  | "products:delete"
  | "users:create"
  | "users:read"
  | "users:delete"
  | "users:api_key";

/** What a sub-user created without scopes may do: read the catalog, like a till. */
export const defaultScopes: readonly string[] = ["products:read"];

export function scopesAllow(
  granted: readonly string[],
  needed: string,
  accountIds: readonly string[],
): boolean {
  const wanted = withoutAccount(needed, accountIds);
  return granted.some((scope) => {
    const held = withoutAccount(scope, accountIds);
    return held === "admin" || held === wanted || wanted.startsWith(`${held}:`);
  });
}

function withoutAccount(scope: string, accountIds: readonly string[]): string {
  const account = accountIds.find((id) => scope.startsWith(`${id}:`));
  return account === undefined ? scope : scope.slice(account.length + 1);
}
