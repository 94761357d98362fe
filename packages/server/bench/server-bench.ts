// `npm run bench:server [-- --rate 5000 --seconds 3 --viewers 1,10,50]` — gateway delivery benchmark:
// append → durable store → live feed → SSE, measured at every viewer. Loopback only; stops by itself.
// Viewers run in a child process (`--viewers-in-process` keeps them in the gateway's process);
// `--drain-seconds` (default 30) bounds how long viewers may catch up after the send window;
// `--snapshot-every N` sets the gateway's compaction interval (default the server's); `--decode full|scan`
// chooses how viewers read the stream (default scan: byte search, see ./scan-viewer; full: our client's
// SseDecoder + JSON.parse per entry, which on a 2-core box makes 50 viewers compete with the gateway).
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { DEFAULT_DRAIN_MS, DEFAULT_OPTIONS, runBench } from "./run-bench";
import { markdownTable } from "./stats";
import type { ViewerDecode } from "./viewer-group";

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

function decodeMode(raw: string | undefined): ViewerDecode {
  if (raw === undefined) return "scan";
  if (raw === "full" || raw === "scan") return raw;
  throw new Error(`--decode must be "full" or "scan", got "${raw}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: "string" },
      seconds: { type: "string" },
      viewers: { type: "string" },
      "drain-seconds": { type: "string" },
      "viewer-process": { type: "boolean" },
      "viewers-in-process": { type: "boolean" },
      "snapshot-every": { type: "string" },
      "viewer-processes": { type: "string" },
      decode: { type: "string" },
    },
  });
  const options = {
    rate: positive("rate", values.rate, DEFAULT_OPTIONS.rate),
    seconds: positive("seconds", values.seconds, DEFAULT_OPTIONS.seconds),
    viewers: viewerList(values.viewers),
    // Default: viewers in a child process, like remote clients — their decoding is not the gateway's work,
    // and in the same process it would delay the gateway's event loop. `--viewers-in-process` measures both
    // sharing one event loop (`--viewer-process` is the old spelling of the default).
    viewerMode: values["viewers-in-process"] ? ("in-process" as const) : ("child-process" as const),
    // One viewer process per core by default: a single one decoding 50 streams becomes the bottleneck.
    viewerProcesses: positive("viewer-processes", values["viewer-processes"], availableParallelism()),
    drainTimeoutMs: positive("drain-seconds", values["drain-seconds"], DEFAULT_DRAIN_MS / 1000) * 1000,
    viewerDecode: decodeMode(values.decode),
    snapshotEvery: values["snapshot-every"] === undefined ? undefined : Number(values["snapshot-every"]),
  };
  const load = loadavg().map((n) => n.toFixed(2));
  console.log(
    `# Gateway delivery benchmark\n\ntarget ${options.rate} ev/s for ${options.seconds}s per round, SSE viewers ${options.viewers.join(", ")} (${options.viewerMode === "child-process" ? `in ${options.viewerProcesses} child process(es)` : "in this process, sharing its CPU with the gateway"}, decoding: ${options.viewerDecode === "scan" ? "byte scan of each frame" : "SseDecoder + JSON.parse, like our client"}); lost = not received ${options.drainTimeoutMs / 1000}s after the send window; Node ${process.version}; load average before: ${load.join(" ")}\n`,
  );
  const cores = availableParallelism();
  if (loadavg()[0] > cores)
    console.log(
      `WARNING: load average ${load[0]} on ${cores} cores — other processes hold the CPU, so the latencies below include waiting for it; compare "process CPU %" (the gateway's own cost) across runs instead.\n`,
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
