// Which database a target names, told without loading either database's driver.

/** A `postgres://` or `postgresql://` URL opens PostgreSQL; anything else is a SQLite file (or `:memory:`). */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}
