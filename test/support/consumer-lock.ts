// A package-lock for a project that installs the packed package: the package's own entry, and every
// package it needs (its dependencies, its peers, and what the project adds) as this project's lock
// pins them, with their integrity and their tarball's address on the registry npm is set to, so
// `npm ci --offline` takes them all from the local npm cache. Without the address npm would ask for
// the registry's package list first, which installing by a lock never caches.

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

export interface PackedPackage {
  name: string;
  version: string;
  filename: string;
  integrity: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

/** Where Node would find `name` from the package at `from` (a lock path, "" for the root). */
function resolve(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (base === "") return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

function needs(entry: LockEntry): string[] {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name),
  );
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
  ];
}

/**
 * Where the registry keeps a package's tarball: <registry>/<name>/-/<name without scope>-<version>.tgz,
 * by its own name (an alias's entry names the package it stands for).
 */
function tarballAddress(registry: string, path: string, entry: LockEntry): string {
  const name =
    (entry.name as string | undefined) ??
    path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  const base = name.slice(name.lastIndexOf("/") + 1);
  return `${registry.replace(/\/?$/, "/")}${name}/-/${base}-${entry.version as string}.tgz`;
}

export function consumerLock(
  projectLock: { packages: Record<string, LockEntry> },
  packed: PackedPackage,
  extra: Record<string, string>,
  consumer: { name: string; version: string; registry: string },
): unknown {
  const { packages } = projectLock;
  const roots = [
    ...Object.keys(packed.dependencies),
    ...Object.keys(packed.peerDependencies),
    ...Object.keys(extra),
  ];
  const kept = new Map<string, LockEntry>();
  const queue = roots.map((name) => ({ from: "", name }));
  while (queue.length > 0) {
    const { from, name } = queue.shift() as { from: string; name: string };
    const path = resolve(packages, from, name);
    if (path === null || kept.has(path)) continue;
    const { dev, devOptional, peer, ...entry } = packages[path] as LockEntry;
    kept.set(path, { ...entry, resolved: tarballAddress(consumer.registry, path, entry) });
    for (const next of needs(entry)) queue.push({ from: path, name: next });
  }
  const dependencies = { [packed.name]: `file:${packed.filename}`, ...extra };
  return {
    name: consumer.name,
    version: consumer.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: consumer.name, version: consumer.version, dependencies },
      [`node_modules/${packed.name}`]: {
        version: packed.version,
        resolved: `file:${packed.filename}`,
        integrity: packed.integrity,
        dependencies: packed.dependencies,
        peerDependencies: packed.peerDependencies,
      },
      ...Object.fromEntries(kept),
    },
  };
}
