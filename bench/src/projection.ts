// `npm run bench:projection`: our projector alone at 1k / 10k / 100k events: events/s, peak
// heap, and the 10k → 100k time ratio, judged against its targets. Each size runs in its own
// child process with --expose-gc, like the full benchmark.
import { loadavg } from "node:os";
import { runInChild } from "./child";
import { machineInfo } from "./runner";
import { fmtCount, fmtMB, fmtMs, fmtRate, sizeLabel, table } from "./markdown";
import { REDUCER_RATE_TARGET } from "./report";
import { median } from "./measure";
import type { ReducerResult, TeamMode, TeamResult } from "./tasks";
import { createProjector, type Projector } from "@agent-ui/projection";
import { encodeSession, generateSession } from "./generator";

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

/** CPU ms (user + system, every thread of this process: GC helpers included) and wall ms of `run`. */
function timed(run: () => void): { cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

/** Reading the newest tool's card after every event, in this process: through `getState().tools[id]`
 * (publishes the changed tools record: the changed entries' views and a copy of the previous record)
 * and through `projector.selectTool(id)` (O(1), nothing built). Both read the same object; only the
 * cost differs. */
export function benchEntityReads(events = 10_000, seed = 1): string {
  const envelope = encodeSession(generateSession({ seed, events })).envelope;
  const rows: string[][] = [];
  for (const [mode, read] of [
    ["getState().tools[id]", (p: Projector, id: string) => p.getState().tools[id]],
    ["selectTool(id)", (p: Projector, id: string) => p.selectTool(id)],
  ] as const) {
    const projector = createProjector();
    let last = "";
    const { cpuMs, wallMs } = timed(() => {
      for (const event of envelope) {
        projector.apply(event);
        if (typeof event.toolCallId === "string") last = event.toolCallId;
        if (last !== "") read(projector, last);
      }
    });
    rows.push([
      mode,
      sizeLabel(envelope.length),
      fmtMs(wallMs),
      fmtMs(cpuMs),
      fmtRate(envelope.length, wallMs),
    ]);
  }
  return table(["read after each event", "events", "wall ms", "CPU ms", "events/s"], rows);
}

const TEAM_MODES: readonly { mode: TeamMode; label: string }[] = [
  { mode: "batch", label: "applyAll + getState" },
  { mode: "reads", label: "apply, getState + roster every 16" },
];

/** A team-heavy session (team-stream.ts) read the way a live UI reads it: one batch fold, then `apply`
 * with `getState()` and its roster read every 16 events (each read copies the changed roster: a plain
 * array per snapshot). Each run is a child process of its own (fresh heap), the two modes alternating
 * `rounds` times; the target — reading costs ≤ 2× the batch — is judged on the median CPU times (wall
 * times move with the machine's load). */
export async function benchTeamReads(teammates = 50_000, rounds = 3): Promise<string> {
  const runs: TeamResult[][] = TEAM_MODES.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [index, { mode }] of TEAM_MODES.entries())
      runs[index].push((await runInChild({ kind: "team", teammates, mode }, 600_000)) as TeamResult);
  const spread = (values: number[]) =>
    `${fmtMs(median(values))} (${fmtMs(Math.min(...values))}–${fmtMs(Math.max(...values))})`;
  const cpu = runs.map((list) => list.map((run) => run.cpuMs));
  const wall = runs.map((list) => list.map((run) => run.wallMs));
  const rows = TEAM_MODES.map(({ label }, index) => [
    label,
    fmtCount(teammates),
    fmtCount(runs[index][0].events),
    spread(cpu[index]),
    spread(wall[index]),
    fmtCount(runs[index][0].edges),
  ]);
  const ratio = median(cpu[1]) / median(cpu[0]);
  const wallRatio = median(wall[1]) / median(wall[0]);
  const verdict =
    `reads ÷ batch: ${ratio.toFixed(2)}× CPU, ${wallRatio.toFixed(2)}× wall (medians of ${rounds}; ` +
    `target ≤ 2× CPU: ${ratio <= 2 ? "met" : "**not met**"})`;
  const header = [
    "team session",
    "teammates",
    "events",
    "CPU ms, median (min–max)",
    "wall ms, median (min–max)",
  ];
  return `${table([...header, "edges"], rows)}\n\n${verdict}`;
}

const isMain = process.argv[1]?.endsWith("projection.ts") ?? false;
if (isMain) {
  const result = await benchProjection(1, SIZES, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${result.markdown}\n\n${benchEntityReads()}\n\n${await benchTeamReads()}\n`);
}
