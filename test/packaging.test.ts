// Every published package passes publint (strict) and Are the Types Wrong (ESM-only profile: node16 from
// ESM and bundler resolution) on the tarball `npm pack` makes, and ships its build, not its sources.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGES, type PackedPackage, ROOT, packAll } from "./support/packages";

const run = promisify(execFile);
const ATTW = join(ROOT, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js");
let dir: string;
let packed: PackedPackage[];
/** attw's verdict per package, all checked at once (each run loads its own TypeScript). */
let attw: Map<string, Promise<{ code: number; out: string }>>;

function runAttw(pkg: PackedPackage): Promise<{ code: number; out: string }> {
  const args = [ATTW, pkg.tarball, "--profile", "esm-only", "--format", "ascii", "--no-color"];
  if (pkg.name === "@agent-ui/react") args.push("--exclude-entrypoints", "./styles.css");
  return run(process.execPath, args, { encoding: "utf8" }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-ui-pack-"));
  packed = packAll(dir);
  attw = new Map(packed.map((pkg) => [pkg.name, runAttw(pkg)]));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const byName = (name: string) => {
  const pkg = packed.find((p) => p.name === `@agent-ui/${name}`);
  if (!pkg) throw new Error(`@agent-ui/${name} was not packed`);
  return pkg;
};

describe.each(PACKAGES)("@agent-ui/%s as published", (name) => {
  it("ships dist/ and package.json only (plus README/LICENSE and declared assets), never src/ or tests", () => {
    const { files } = byName(name);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    const unexpected = files.filter(
      (f) => !/^(dist\/|package\.json$|README\.md$|LICENSE$|schemas\/|bin\/agent-ui\.mjs$)/.test(f),
    );
    expect(unexpected).toEqual([]);
  });

  it("passes publint in strict mode", async () => {
    const pkg = byName(name);
    const tarball = readFileSync(pkg.tarball);
    const result = await publint({
      strict: true,
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    });
    const manifest = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8"));
    expect(result.messages.map((m) => `${m.type}: ${formatMessage(m, manifest)}`)).toEqual([]);
  });

  it("has types that resolve under node16 (ESM) and bundler (attw --profile esm-only)", async () => {
    const result = await (attw.get(`@agent-ui/${name}`) as Promise<{ code: number; out: string }>);
    // Resolutions the ESM-only profile ignores (node10, node16 from CJS) are printed but not judged.
    const judged = result.out.split("\n").filter((line) => !line.includes("(ignored"));
    expect(judged.filter((line) => line.includes("💀"))).toEqual([]);
    expect(result.code, result.out).toBe(0);
  }, 120_000);
});
