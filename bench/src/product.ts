// What a user of the product feels first: how fast `agent-ui --help` starts (beside `node -e 0`, the floor
// any Node CLI pays) and how many bytes `@agent-ui/react` + `@agent-ui/client` add to an app's initial
// browser bundle. Both measure the built packages (`npm run build` runs first when anything is stale).
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "./child";
import { table } from "./markdown";

export interface StartupResult {
  command: string;
  coldMs: number;
  medianMs: number;
  runs: number;
}

export interface BundleResult {
  app: string;
  bytes: number;
  gzipBytes: number;
}

export interface ProductResult {
  startup: StartupResult[];
  bundles: BundleResult[];
}

function wallMs(args: string[]): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Wall-clock start-up of `agent-ui --help` and of `node -e 0`, alternated; the first run of each is cold. */
export function measureStartup(runs = 15): StartupResult[] {
  const commands: [string, string[]][] = [
    ["node -e 0", ["-e", "0"]],
    ["agent-ui --help", [join(REPO_ROOT, "packages", "cli", "bin", "agent-ui.mjs"), "--help"]],
  ];
  const times = commands.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [c, [, args]] of commands.entries()) times[c].push(wallMs(args));
  }
  return commands.map(([command], c) => ({
    command,
    coldMs: times[c][0],
    medianMs: median(times[c].slice(1)),
    runs,
  }));
}

const APPS: Record<string, string> = {
  "React alone (baseline)": `import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")!).render(<p>hello</p>);`,
  "React + @agent-ui/react + @agent-ui/client": `import { connectSession } from "@agent-ui/client";
import { Conversation, RuntimeStatus } from "@agent-ui/react";
import "@agent-ui/react/styles.css";
import { createRoot } from "react-dom/client";
const session = connectSession({ baseUrl: location.origin, sessionId: "s" });
const s = session.state;
createRoot(document.getElementById("root")!).render(<main><RuntimeStatus runtime={s.runtime} />
<Conversation messages={s.messages} tools={s.tools} actions={s.actions} agents={s.agents} artifacts={s.artifacts}
 dispatch={(i) => session.runtime.write(i.kind, i as never)} /></main>);`,
};

/** Production builds (Vite, minified) of small apps against the built packages: initial JS + CSS, gzip. */
export async function measureBundles(): Promise<BundleResult[]> {
  const { build } = await import("vite");
  const root = join(REPO_ROOT, "examples", "vite-react");
  const results: BundleResult[] = [];
  const entries: [string, string][] = [
    ...Object.entries(APPS),
    ["examples/vite-react (recorded stream)", ""],
  ];
  for (const [app, source] of entries) {
    const entry =
      source === "" ? join(root, "src", "main.tsx") : join(root, `.bench-entry-${results.length}.tsx`);
    if (source !== "") writeFileSync(entry, source);
    try {
      const output = await build({
        root,
        configFile: join(root, "vite.config.ts"),
        logLevel: "silent",
        build: { write: false, rollupOptions: { input: entry } },
      });
      const outputs = (Array.isArray(output) ? output : [output]) as { output: Bundled[] }[];
      const files = outputs.flatMap((o) => o.output).filter((f) => /\.(js|css)$/.test(f.fileName));
      let bytes = 0;
      let gzipBytes = 0;
      for (const file of files) {
        const content = file.type === "chunk" ? file.code : file.source;
        const buffer = typeof content === "string" ? Buffer.from(content) : Buffer.from(content ?? "");
        bytes += buffer.length;
        gzipBytes += gzipSync(buffer).length;
      }
      results.push({ app, bytes, gzipBytes });
    } finally {
      if (source !== "") rmSync(entry, { force: true });
    }
  }
  return results;
}

interface Bundled {
  type: "chunk" | "asset";
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
}

export async function measureProduct(log: (line: string) => void): Promise<ProductResult> {
  // @ts-expect-error -- a plain ESM script without type declarations
  const { build } = (await import("../../scripts/build.mjs")) as {
    build(o: { ifStale: boolean; log: (line: string) => void }): Promise<string[]>;
  };
  await build({ ifStale: true, log });
  const startup = measureStartup();
  log(`CLI start-up: ${startup.map((s) => `${s.command} ${s.medianMs.toFixed(0)} ms`).join(", ")}`);
  const bundles = await measureBundles();
  return { startup, bundles };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function productTables(result: ProductResult): string {
  const baseline = result.bundles[0];
  return [
    table(
      ["command", "cold ms", `median ms (${result.startup[0]?.runs ?? 0} runs)`],
      result.startup.map((s) => [s.command, s.coldMs.toFixed(0), s.medianMs.toFixed(0)]),
    ),
    "",
    table(
      ["app (vite build, minified)", "initial JS + CSS", "gzip", "gzip over React alone"],
      result.bundles.map((b) => [
        b.app,
        kB(b.bytes),
        kB(b.gzipBytes),
        b === baseline ? "—" : `+${kB(b.gzipBytes - baseline.gzipBytes)}`,
      ]),
    ),
  ].join("\n");
}
