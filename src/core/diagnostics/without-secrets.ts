// A copy of a JSON value with every field that names a secret removed, at any depth: the settings
// hold none today, and a diagnostics file leaves the shop, so a field added later is caught here too.
const secretNames = /password|api.?key|token|secret/iu;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !secretNames.test(name))
      .map(([name, field]) => [name, withoutSecrets(field)]),
  );
}
