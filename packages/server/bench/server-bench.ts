// `npm run bench:server [-- --rate 5000 --seconds 3 --viewers 1,10,50]` — gateway delivery benchmark:
// append → durable store → live feed → SSE, measured at every viewer. Loopback only; stops by itself.
// `--viewer-process` runs the viewers in a child process; `--drain-seconds` (default 30) bounds how long viewers may catch up after the send window.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { DEFAULT_DRAIN_MS, DEFAULT_OPTIONS, runBench } from "./run-bench";
import { markdownTable } from "./stats";

const TARGET_P99_MS = 50;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return value;
}

function viewerList(raw: string | undefined): number[] {
  if (raw === undefined) return [...DEFAULT_OPTIONS.viewers];
  const list = raw.split(",").map((part) => positive("viewers", part.trim(), 1));
  if (list.some((n) => !Number.isInteger(n))) throw new Error(`--viewers must be integers, got "${raw}"`);
  return list;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: "string" },
      seconds: { type: "string" },
      viewers: { type: "string" },
      "drain-seconds": { type: "string" },
      "viewer-process": { type: "boolean" },
      "snapshot-every": { type: "string" },
    },
  });
  const options = {
    rate: positive("rate", values.rate, DEFAULT_OPTIONS.rate),
    seconds: positive("seconds", values.seconds, DEFAULT_OPTIONS.seconds),
    viewers: viewerList(values.viewers),
    viewerMode: values["viewer-process"] ? ("child-process" as const) : ("in-process" as const),
    drainTimeoutMs: positive("drain-seconds", values["drain-seconds"], DEFAULT_DRAIN_MS / 1000) * 1000,
    snapshotEvery: values["snapshot-every"] === undefined ? undefined : Number(values["snapshot-every"]),
  };
  const load = loadavg().map((n) => n.toFixed(2));
  console.log(
    `# Gateway delivery benchmark\n\ntarget ${options.rate} ev/s for ${options.seconds}s per round, SSE viewers ${options.viewers.join(", ")} (${options.viewerMode === "child-process" ? "in a child process" : "in this process, sharing its CPU with the gateway"}); lost = not received ${options.drainTimeoutMs / 1000}s after the send window; Node ${process.version}; load average before: ${load.join(" ")}\n`,
  );
  const results = await runBench(options);
  console.log(markdownTable(results, TARGET_P99_MS));
  const bad = results.filter((r) => r.lost > 0 || r.duplicates > 0 || r.appendErrors > 0);
  console.log(
    `\nload average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (bad.length > 0) {
    console.error(
      `\nFAILED: lost, duplicated or failed appends in ${bad.map((r) => `${r.viewers}v`).join(", ")}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
