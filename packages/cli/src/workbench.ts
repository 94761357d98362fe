// Where `agent-ui start` finds the workbench's static files. The built CLI ships them in
// `dist/workbench/` (copied there by `npm run build`). Run from its TypeScript sources inside the repository
// (tests, `--rebuild`), the CLI builds the workbench app itself with the repository's Vite.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface WorkbenchDirOptions {
  rebuild?: boolean;
  log?: (line: string) => void;
}

/** The workbench's static files ready to serve; throws with the fix when they are missing. */
export async function workbenchDir(options: WorkbenchDirOptions = {}): Promise<string> {
  const shipped = fileURLToPath(new URL("./workbench/", import.meta.url));
  const fromSources = import.meta.url.endsWith(".ts");
  if (!fromSources && !options.rebuild && existsSync(join(shipped, "index.html"))) return shipped;
  if (!fromSources) {
    throw new Error(
      options.rebuild
        ? "--rebuild works inside the repository only: run `npm run build` there"
        : `the workbench's files are missing from ${shipped}: reinstall @agent-ui/cli, or run \`npm run build\` in the repository`,
    );
  }
  // The repository's workbench app (a private workspace package, never part of a published install).
  const build = "@agent-ui/workbench/build";
  const { ensureWorkbenchBuilt } = (await import(/* @vite-ignore */ build)) as {
    ensureWorkbenchBuilt(o: { force?: boolean; log?: (line: string) => void }): Promise<{ dir: string }>;
  };
  return (await ensureWorkbenchBuilt({ force: options.rebuild, log: options.log })).dir;
}
