// Builds the packages' `dist/` when missing or older than their sources, before any test runs: the tests
// that run the installed `agent-ui` bin, lint the packages or install their tarballs use the build. Tests
// that import a package read its TypeScript sources (the `@agent-ui/source` condition) and need no build.
// @ts-expect-error -- a plain ESM script without type declarations
import { build } from "../../scripts/build.mjs";

export default async function setup(): Promise<void> {
  await (build as (options: { ifStale: boolean }) => Promise<string[]>)({ ifStale: true });
}
