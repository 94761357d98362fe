// `npm run test:heavy` (scripts/test-heavy.mjs): the live tests that drive the Claude Agent SDK and Codex
// native CLIs (~400 MB each, installed into the gitignored `.heavy/`). They live outside `test/`, so the
// default vitest.config.ts never picks them up.
import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  ssr: { resolve: { conditions: ["@agent-ui/source", ...defaultServerConditions] } },
  test: {
    include: ["packages/*/heavy/**/*.test.ts"],
    environment: "node",
    // The native CLIs start slowly on a loaded machine; a whole live run stays well under this.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: "forks",
    // One CLI at a time: each spawns a native process tree, and CI machines are small.
    fileParallelism: false,
  },
});
