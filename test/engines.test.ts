// `engines` tells the truth: every published package declares `node >=20`, so nothing its production
// dependency tree installs (dependencies, peer dependencies, and theirs, as npm resolved them) may require
// a newer Node. Packages that do (the peer SDKs the conformance tests and benchmarks use) stay out of it.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { PACKAGES, ROOT } from "./support/packages";

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optionalDependencies?: Record<string, string>;
}

const read = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** Where Node resolves `name` from `dir`: the nearest `node_modules/<name>` up the tree. */
function resolveFrom(dir: string, name: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/** Every package the production install of `dir` brings, with its `engines.node` (optional peers and
 * optional dependencies that are not installed are skipped: npm installs them only when present). */
function productionTree(dir: string): Map<string, { engines: string | undefined; via: string }> {
  const seen = new Map<string, { engines: string | undefined; via: string }>();
  const visit = (at: string, via: string) => {
    const manifest = read(at);
    const optionalPeers = new Set(
      Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    );
    const names = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ]);
    for (const name of names) {
      const found = resolveFrom(at, name);
      if (found === undefined) {
        if (manifest.optionalDependencies?.[name] !== undefined) continue;
        throw new Error(`${manifest.name} needs ${name}, which is not installed`);
      }
      const dep = read(found);
      const id = `${dep.name}@${dep.version}`;
      if (seen.has(id)) continue;
      seen.set(id, { engines: dep.engines?.node, via: `${via} > ${dep.name}` });
      visit(found, `${via} > ${dep.name}`);
    }
  };
  visit(dir, read(dir).name);
  return seen;
}

describe.each(PACKAGES)("@agent-ui/%s engines", (name) => {
  const dir = join(ROOT, "packages", name);

  it("declares node >=20", () => {
    expect(read(dir).engines?.node).toBe(">=20");
  });

  it("installs nothing that requires a Node newer than 20", () => {
    const tree = productionTree(dir);
    expect(tree.size).toBeGreaterThan(0);
    const tooNew = [...tree]
      .filter(([, { engines }]) => engines !== undefined && !semver.intersects(engines, "20.x"))
      .map(([id, { engines, via }]) => `${id} (node ${engines}) via ${via}`);
    expect(tooNew).toEqual([]);
  });
});

it("the same walk finds the peer SDKs that require Node 22 in the benchmark's tree", () => {
  const tree = productionTree(join(ROOT, "bench"));
  const tooNew = [...tree.keys()].filter((id) => {
    const engines = tree.get(id)?.engines;
    return engines !== undefined && !semver.intersects(engines, "20.x");
  });
  expect(tooNew.some((id) => id.startsWith("ai@"))).toBe(true);
});
