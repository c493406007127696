// Which identifier goes into `/products/<account>/...` paths.

/** Every official SDK uses `legacy_id || id`: accounts created before 2018 are addressed by the legacy id. */
export function accountPathSegment(user: { id: string; legacy_id?: string | null }): string {
  return user.legacy_id || user.id;
}
