// No published package imports anything its package.json does not declare: every bare import in a
// package's sources is one of its dependencies or peer dependencies (tests and dev tools excluded), and
// tsx is never a runtime dependency. The published list is every non-private folder of packages/, in
// dependency order.
import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGES, ROOT } from "./support/packages";

/** Static imports and re-exports (`from "x"`), side-effect imports and literal dynamic imports. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"\s]+)"|\bimport\(\s*"([^"\s]+)"\s*\)|(?:^|\n)\s*import\s*"([^"\s]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const packageName = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

describe.each(PACKAGES)("@agent-ui/%s dependencies", (name) => {
  const dir = join(ROOT, "packages", name);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);

  it("declares every package its sources import", () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(join(dir, "src"))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        if (/^[./]/.test(specifier) || specifier.startsWith("node:") || builtinModules.includes(specifier))
          continue;
        imported.add(packageName(specifier));
      }
    }
    // A type-only package (`import type … from "hast"`) is declared by its `@types/` package.
    const missing = [...imported].filter((dep) => !declared.has(dep) && !declared.has(`@types/${dep}`));
    expect(missing.sort()).toEqual([]);
  });

  it("has no tsx at run time", () => {
    expect(declared.has("tsx")).toBe(false);
  });
});

describe("the published package list", () => {
  const manifestOf = (name: string) =>
    JSON.parse(readFileSync(join(ROOT, "packages", name, "package.json"), "utf8")) as {
      private?: boolean;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };

  it("holds every package under packages/ that is not private, each after the @agent-ui packages it uses", () => {
    const published = readdirSync(join(ROOT, "packages"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !manifestOf(name).private);
    expect([...PACKAGES].sort()).toEqual(published.sort());
    for (const [index, name] of PACKAGES.entries()) {
      const { dependencies = {}, peerDependencies = {} } = manifestOf(name);
      const inner = Object.keys({ ...dependencies, ...peerDependencies })
        .filter((dep) => dep.startsWith("@agent-ui/"))
        .map((dep) => dep.slice("@agent-ui/".length));
      for (const dep of inner)
        expect(PACKAGES.indexOf(dep), `${name} needs ${dep} first`).toBeLessThan(index);
    }
  });
});
