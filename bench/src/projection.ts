// `npm run bench:projection`: our projector alone at 1k / 10k / 100k events: events/s, peak
// heap, and the 10k → 100k time ratio, judged against its targets. Each size runs in its own
// child process with --expose-gc, like the full benchmark.
import { loadavg } from "node:os";
import { runInChild } from "./child";
import { machineInfo } from "./runner";
import { fmtCount, fmtMB, fmtMs, fmtRate, sizeLabel, table } from "./markdown";
import { REDUCER_RATE_TARGET } from "./report";
import type { ReducerResult } from "./tasks";
import { createProjector, type Projector } from "@agent-ui/projection";
import { encodeSession, generateSession } from "./generator";
import { teamSession } from "./team-stream";

const SIZES = [1_000, 10_000, 100_000];
const RUNS: Record<number, number> = { 1000: 7, 10000: 5, 100000: 5 };
const MB = 1_048_576;

export interface ProjectionBench {
  rows: ReducerResult[];
  ratio: number | undefined;
  targets: { target: string; measured: string; met: boolean }[];
  markdown: string;
}

export async function benchProjection(
  seed = 1,
  sizes = SIZES,
  log = (_line: string) => {},
): Promise<ProjectionBench> {
  const rows: ReducerResult[] = [];
  for (const reducer of ["ours-batch", "ours-incremental"])
    for (const events of sizes) {
      const runs = RUNS[events] ?? 3;
      // One warm-up run at every size, as the full benchmark gives any reducer that is fast enough.
      const task = { kind: "reducer", reducer, events, seed, runs, warmup: true } as const;
      const result = (await runInChild(task, 600_000)) as ReducerResult;
      log(`${reducer} @ ${events}: ${result.medianMs.toFixed(1)} ms`);
      rows.push(result);
    }
  const at = (reducer: string, events: number) =>
    rows.find((r) => r.reducer === reducer && r.events === events);
  const small = at("ours-batch", 10_000);
  const large = at("ours-batch", 100_000);
  const ratio = small && large ? large.medianMs / small.medianMs : undefined;
  const targets = large
    ? [
        {
          target: `≥ ${fmtCount(REDUCER_RATE_TARGET)} events/s at 100k`,
          measured: `${fmtRate(large.events, large.medianMs)} events/s`,
          met: (large.events / large.medianMs) * 1000 >= REDUCER_RATE_TARGET,
        },
        {
          target: "10k → 100k time ratio ≤ 12",
          measured: ratio ? ratio.toFixed(1) : "–",
          met: ratio !== undefined && ratio <= 12,
        },
        {
          target: "heap growth ≤ 100 MB at 100k",
          measured: `${fmtMB(large.peakHeapBytes)} MB`,
          met: large.peakHeapBytes <= 100 * MB,
        },
      ]
    : [];
  const m = machineInfo();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const markdown = [
    `Machine: ${m.nproc} cores, ${m.cpu}, Node ${m.node}; load average ${load}.`,
    "",
    table(
      ["mode", "events", "wall ms (median)", "CPU ms", "events/s", "peak heap MB", "retained MB"],
      rows.map((r) => [
        r.reducer === "ours-batch" ? "applyAll + getState" : "apply, getState every 16",
        sizeLabel(r.events),
        fmtMs(r.medianMs),
        fmtMs(r.medianCpuMs),
        fmtRate(r.events, r.medianMs),
        fmtMB(r.peakHeapBytes),
        fmtMB(r.retainedHeapBytes),
      ]),
    ),
    "",
    table(
      ["target (batch)", "measured", "met"],
      targets.map((t) => [t.target, t.measured, t.met ? "yes" : "**no**"]),
    ),
  ].join("\n");
  return {
    rows,
    ratio,
    targets,
    markdown,
  };
}

/** Reading the newest tool's card after every event, in this process: through `getState().tools[id]`
 * (builds the changed tools record, O(tools), once per snapshot) and through `projector.selectTool(id)`
 * (O(1), nothing built). Both read the same object; only the cost differs. */
export function benchEntityReads(events = 10_000, seed = 1): string {
  const envelope = encodeSession(generateSession({ seed, events })).envelope;
  const rows: string[][] = [];
  for (const [mode, read] of [
    ["getState().tools[id]", (p: Projector, id: string) => p.getState().tools[id]],
    ["selectTool(id)", (p: Projector, id: string) => p.selectTool(id)],
  ] as const) {
    const projector = createProjector();
    let last = "";
    const start = performance.now();
    for (const event of envelope) {
      projector.apply(event);
      if (typeof event.toolCallId === "string") last = event.toolCallId;
      if (last !== "") read(projector, last);
    }
    const ms = performance.now() - start;
    rows.push([mode, sizeLabel(envelope.length), fmtMs(ms), fmtRate(envelope.length, ms)]);
  }
  return table(["read after each event", "events", "wall ms", "events/s"], rows);
}

/** A team-heavy session (team-stream.ts) read the way a live UI reads it: one batch fold, then `apply`
 * with `getState()` and its team lists read every 16 events. Target: reading costs ≤ 2× the batch. */
export function benchTeamReads(teammates = 50_000): string {
  const events = teamSession(teammates);
  const rows: string[][] = [];
  const times: number[] = [];
  for (const mode of ["applyAll + getState", "apply, getState + team every 16"] as const) {
    const projector = createProjector();
    const start = performance.now();
    if (mode === "applyAll + getState") projector.applyAll(events);
    else
      for (let i = 0; i < events.length; i++) {
        projector.apply(events[i]);
        if (i % 16 === 15) void projector.getState().team.roster.length;
      }
    const team = projector.getState().team;
    const ms = performance.now() - start;
    times.push(ms);
    rows.push([mode, fmtCount(teammates), sizeLabel(events.length), fmtMs(ms), `${team.edges.length}`]);
  }
  const ratio = times[1] / times[0];
  const verdict = `reads ÷ batch: ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? "met" : "**not met**"})`;
  return `${table(["team session", "teammates", "events", "wall ms", "edges"], rows)}\n\n${verdict}`;
}

const isMain = process.argv[1]?.endsWith("projection.ts") ?? false;
if (isMain) {
  const result = await benchProjection(1, SIZES, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${result.markdown}\n\n${benchEntityReads()}\n\n${benchTeamReads()}\n`);
}
