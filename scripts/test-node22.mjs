// Runs the unit tests of the packages that carry no native addon (contracts, projection, adapters, client)
// on Node 22, fetched from the npm registry (`npx -p node@22`), beside the Node the workspace was installed
// with. Test files that start a gateway are left out: its SQLite store (better-sqlite3) is a native addon
// built for the installed Node, and rebuilding it would break the workspace for that Node.
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const PACKAGES = ["contracts", "projection", "adapters", "client"];
const STARTS_A_GATEWAY = /@agent-ui\/server|better-sqlite3|gateway-fixtures/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = PACKAGES.flatMap((name) => testFiles(join(root, "packages", name, "test")));
const run = files.filter((file) => !STARTS_A_GATEWAY.test(readFileSync(file, "utf8")));
const skipped = files.filter((file) => !run.includes(file));
console.log(
  `Node 22: ${run.length} test files; ${skipped.length} that start a gateway run on the installed Node only:`,
);
for (const file of skipped) console.log(`  ${relative(root, file)}`);

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const args = ["-y", "-p", "node@22", "--", "node", "node_modules/vitest/vitest.mjs", "run"];
const version = spawnSync(npx, ["-y", "-p", "node@22", "--", "node", "--version"], {
  cwd: root,
  encoding: "utf8",
});
console.log(`Node ${version.stdout.trim() || "22 unavailable"}`);
const result = spawnSync(npx, [...args, ...run.map((file) => relative(root, file))], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
