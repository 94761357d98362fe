import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// `@agent-ui/source`: tests import the workspace packages' TypeScript sources (see each package.json's exports),
// so `vitest` needs no build. The built `dist/` is what a consumer installs.
const conditions = {
  client: ["@agent-ui/source", ...defaultClientConditions],
  server: ["@agent-ui/source", ...defaultServerConditions],
};

export default defineConfig({
  resolve: { conditions: conditions.client },
  ssr: { resolve: { conditions: conditions.server } },
  test: {
    include: [
      "packages/*/test/**/*.test.{ts,tsx}",
      "apps/*/test/**/*.test.{ts,tsx}",
      "bench/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/support/global-setup.ts"],
  },
});
