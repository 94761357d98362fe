// The published packages as a consumer receives them: `npm pack` of each built workspace package into one
// folder, once per test file.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGES } from "../../scripts/packages.mjs";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The published packages, dependencies first (read from the workspace: scripts/packages.mjs). */
export { PACKAGES } from "../../scripts/packages.mjs";

export interface PackedPackage {
  name: string;
  dir: string;
  tarball: string;
  files: string[];
}

/** Packs every package into `dest` with one `npm pack`; `dist/` must be built (the global setup does). */
export function packAll(dest: string): PackedPackage[] {
  const args = [
    "pack",
    "--json",
    "--pack-destination",
    dest,
    ...PACKAGES.map((p) => `--workspace=packages/${p}`),
  ];
  const out = execFileSync("npm", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const packed = JSON.parse(out) as { name: string; filename: string; files: { path: string }[] }[];
  return packed.map((p) => ({
    name: p.name,
    dir: join(ROOT, "packages", p.name.replace("@agent-ui/", "")),
    tarball: join(dest, p.filename),
    files: p.files.map((f) => f.path),
  }));
}
