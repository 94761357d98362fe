import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// The Vitest configuration Stryker runs (see `stryker.config.mjs` and docs/mutation-testing.md): only the unit tests
// of the package under mutation (`MUTATION_PACKAGE`), without the global build step. Stryker runs it inside a sandbox
// copy of the repository, and the workspace symlinks in `node_modules` point back at the original sources, so the
// aliases below resolve every `@agent-ui/*` import to this copy's sources: a test that imports
// `@agent-ui/contracts` exercises the mutated contracts, not the pristine ones.
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The gateway's tests that drive it through the client (the push ingest sink, sessions, writes). */
function gatewayTestsOfClient(): string[] {
  const dir = source("./packages/server/test");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => readFileSync(`${dir}/${file}`, "utf8").includes('from "@agent-ui/client"'))
    .map((file) => `packages/server/test/${file}`);
}

/** The tests that prove each package under mutation. */
const tests: Record<string, () => string[]> = {
  contracts: () => ["packages/contracts/test/**/*.test.ts"],
  projection: () => ["packages/projection/test/**/*.test.ts"],
  // The adapters are proven by their own tests and by the conformance suite, which feeds the peers' captured
  // and live-produced streams through them.
  adapters: () => ["packages/adapters/test/**/*.test.ts", "packages/conformance/test/**/*.test.ts"],
  client: () => ["packages/client/test/**/*.test.ts", ...gatewayTestsOfClient()],
};
const target = process.env.MUTATION_PACKAGE ?? "";
if (!Object.hasOwn(tests, target)) {
  throw new Error(`MUTATION_PACKAGE must be one of ${Object.keys(tests).join(", ")} (got "${target}")`);
}

export default defineConfig({
  resolve: {
    conditions: ["@agent-ui/source", ...defaultClientConditions],
    alias: [
      { find: /^@agent-ui\/contracts$/, replacement: source("./packages/contracts/src/index.ts") },
      { find: /^@agent-ui\/projection$/, replacement: source("./packages/projection/src/index.ts") },
      { find: /^@agent-ui\/projection\/core$/, replacement: source("./packages/projection/src/core.ts") },
      { find: /^@agent-ui\/adapters$/, replacement: source("./packages/adapters/src/index.ts") },
      { find: /^@agent-ui\/client$/, replacement: source("./packages/client/src/index.ts") },
      { find: /^@agent-ui\/conformance$/, replacement: source("./packages/conformance/src/index.ts") },
    ],
  },
  ssr: { resolve: { conditions: ["@agent-ui/source", ...defaultServerConditions] } },
  test: {
    include: tests[target](),
    setupFiles: ["test/support/mutation-setup.ts"],
    environment: "node",
    // One worker keeps its modules between test files and between mutants: Stryker switches a mutant on
    // through a global that the instrumented code reads at every call, so nothing needs re-importing, and a
    // fresh module graph per test file cost ~90% of each mutant's run (the package's initial run: 2 min 18 s
    // isolated, 11 s not). `MUTATION_ISOLATE=1` runs each test file in a fresh worker again.
    isolate: process.env.MUTATION_ISOLATE === "1",
    testTimeout: 20_000,
  },
});
