// StrykerJS over one package at a time: `npm run test:mutation -- <contracts|projection|adapters|client> [files…]`
// (scripts/mutation.mjs sets MUTATION_PACKAGE and, for a slice, MUTATION_FILES). See docs/mutation-testing.md.
const target = process.env.MUTATION_PACKAGE ?? "contracts";
const slice = (process.env.MUTATION_FILES ?? "").split(",").filter(Boolean);

// Targets: ≥ 90% mutation score for contracts, projection and the client (whose writes show only once confirmed),
// ≥ 80% for adapters. `break` stays off: the score is a habit and a report, not a CI gate (a full run takes far
// longer than the test suite).
const thresholds = {
  contracts: { high: 95, low: 90, break: null },
  projection: { high: 95, low: 90, break: null },
  adapters: { high: 90, low: 80, break: null },
  client: { high: 95, low: 90, break: null },
};

// A named slice (`--name=<slice>`) keeps its own report and incremental file, so slices of one package run one
// after another (or in parallel checkouts) without overwriting each other; the score script merges them.
const sliceName = process.env.MUTATION_SLICE_NAME ?? "";
if (sliceName !== "" && !/^[a-z0-9-]+$/.test(sliceName))
  throw new Error(`slice name must match [a-z0-9-]+: ${sliceName}`);
const report =
  sliceName === "" ? `reports/mutation/${target}` : `reports/mutation/${target}/slices/${sliceName}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts" },
  checkers: [],
  mutate:
    slice.length > 0
      ? slice
      : [`packages/${target}/src/**/*.ts`, "!**/index.ts", "!**/*.generated.ts", "!**/*.d.ts"],
  // The sandbox copies only what the package's tests read: sources, tests (the conformance suite proves the
  // adapters), the standard's shared material.
  ignorePatterns: [
    "/apps",
    "/bench",
    "/docs",
    "/examples",
    "/reports",
    "/coverage",
    "**/dist",
    "/packages/cli",
    "/packages/react",
    // The client's run also reads the gateway's tests that drive the client (vitest.mutation.config.ts).
    ...(target === "client" ? [] : ["/packages/client", "/packages/server"]),
  ],
  coverageAnalysis: "perTest",
  incremental: true,
  incrementalFile: `${report}/stryker-incremental.json`,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: `${report}/mutation.json` },
  htmlReporter: { fileName: `${report}/mutation.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: thresholds[target],
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
