// One build for every published package: ESM JavaScript plus bundled `.d.ts` into each package's `dist/`
// (`npm run build`). Workspace packages and npm dependencies stay external, so each package ships only its
// own code. Inside the repository, tests and the type-checker read the sources through the `@agent-ui/source` export
// condition; nothing needs building before `vitest`.
import { readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "tsdown";
import { PACKAGES } from "./scripts/packages.mjs";

function packageConfig(name: string): UserConfig {
  const cwd = fileURLToPath(new URL(`./packages/${name}`, import.meta.url));
  const config: UserConfig = {
    name: `@agent-ui/${name}`,
    cwd,
    entry: { index: "src/index.ts" },
    format: "esm",
    platform: name === "react" || name === "client" ? "neutral" : "node",
    target: "node20",
    dts: true,
    fixedExtension: false,
    clean: true,
    checks: { pluginTimings: false },
    sourcemap: false,
    logLevel: "warn",
    // Workspace packages are dependencies, never bundled: also in the `.d.ts`, where the type resolver would
    // otherwise follow tsconfig paths into their sources and inline a copy of their types.
    external: [/^@agent-ui\//],
  };
  if (name === "projection") config.entry = { index: "src/index.ts", core: "src/core.ts" };
  // The bin runs `main` alone: the package index also exports the gateway's source kinds, which only
  // `start` and `serve` load.
  if (name === "cli") config.entry = { index: "src/index.ts", main: "src/main.ts" };
  // styles.css @imports its sibling sheets: every one ships beside it.
  if (name === "react")
    config.copy = readdirSync(`${cwd}/src`)
      .filter((file) => file.endsWith(".css"))
      .map((file) => ({ from: `src/${file}`, to: "dist" }));
  if (name === "server") {
    // The SQLite commit thread is its own entry; the worker file beside the bundle loads it
    // (`new URL("./sqlite-commit-worker.mjs", import.meta.url)` in the committer).
    config.entry = { index: "src/index.ts", "sqlite-commit-thread": "src/store/sqlite-commit-thread.ts" };
    config.hooks = {
      "build:done": () => {
        writeFileSync(`${cwd}/dist/sqlite-commit-worker.mjs`, 'import "./sqlite-commit-thread.js";\n');
      },
    };
  }
  return config;
}

export default defineConfig(PACKAGES.map(packageConfig));
