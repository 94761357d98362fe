#!/usr/bin/env node
// The installed `agent-ui` command: runs the built JavaScript in ../dist (`npm run build` in the repository),
// its `main` entry, which loads each command's packages only when that command runs.
import { existsSync } from "node:fs";

const entry = new URL("../dist/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("agent-ui: the CLI is not built; run `npm run build` in the repository\n");
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
