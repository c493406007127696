// Scopes are "resource:action" strings. A granted scope also covers the narrower ones below it
// ("products:read" covers "products:read:one"), may carry the account as a prefix, and "admin" covers all.
// The one rule built on them (see README): nobody obtains a permission it does not hold itself.

export const permissions = [
  "products:read",
  "products:read:one",
  "products:create",
  "products:update",
  "products:delete",
  "users:create",
  "users:read",
  "users:delete",
  "users:api_key",
  "branches:read",
  "taxes:read",
  "product_groups:read",
  "favourites:read",
  "favourites:create",
  "favourites:update",
] as const;
export type Permission = (typeof permissions)[number];

/** What a till reads: the catalog and the reference data beside it (branches, taxes, groups, keys). */
export const tillScopes: readonly string[] = [
  "products:read",
  "branches:read",
  "taxes:read",
  "product_groups:read",
  "favourites:read",
];

/** What a sub-user created without scopes may do: read what a till reads. */
export const defaultScopes: readonly string[] = tillScopes;

const accountPrefix = "(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):";
const knownScope = new RegExp(`^(?:${accountPrefix})?(?:admin|${permissions.join("|")})$`);

/** A scope a sub-user may be given: a permission or `admin`, alone or behind an account id. */
export function isKnownScope(scope: string): boolean {
  return knownScope.test(scope);
}

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

/** The first of `wanted` that `granted` does not cover, or undefined when it covers them all. */
export function firstUncovered(
  granted: readonly string[],
  wanted: readonly string[],
  accountIds: readonly string[],
): string | undefined {
  return wanted.find((scope) => !scopesAllow(granted, scope, accountIds));
}

function withoutAccount(scope: string, accountIds: readonly string[]): string {
  const account = accountIds.find((id) => scope.startsWith(`${id}:`));
  return account === undefined ? scope : scope.slice(account.length + 1);
}
