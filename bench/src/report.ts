// The benchmark report: its JSON shape, the Markdown tables and the targets it is judged against.
import { cliTargets } from "./cli-bench";
import { type GatewayBenchResult, gatewayTargets } from "./gateway-benches";
import { growthExponent } from "./growth";
import { fmtCount, fmtMB, fmtMs, fmtRate, fmtRatio, sizeLabel, table } from "./markdown";
import { type ProductResult, productTables } from "./product";
import { type SurfaceBenchResult, surfaceTargets } from "./surface-benches";
import type { HydrationResult, MarginalResult, ReducerResult, ServerResult } from "./tasks";

export interface Skipped {
  reducer: string;
  events: number;
  reason: string;
  estimateMs?: number;
}

export interface BenchReport {
  generatedAt: string;
  durationMs: number;
  machine: { nproc: number; cpu: string; node: string; platform: string };
  loadAverage: { before: number[]; after: number[] };
  seed: number;
  sizes: number[];
  capMs: number;
  reducers: ReducerResult[];
  skipped: Skipped[];
  marginal: MarginalResult[];
  hydration?: HydrationResult;
  server: { results?: ServerResult[]; skipped?: string };
  ui: { table?: string; skipped?: string };
  /** The gateway's own benches, verbatim (./gateway-benches.ts); absent when not run. */
  gateway?: GatewayBenchResult[];
  product?: { result?: ProductResult; skipped?: string };
  /** `agent-ui project` against the limit (./cli-bench.ts); absent when not run. */
  cli?: { markdown?: string; targets?: TargetCheck[]; skipped?: string };
  /** First paint and selector reads, verbatim (./surface-benches.ts); absent when not run. */
  surfaces?: SurfaceBenchResult[];
  markdown: string;
}

export interface TargetCheck {
  target: string;
  measured: string;
  /** null when the measurement needed for it was not taken. */
  met: boolean | null;
}

const LABELS: Record<string, string> = {
  "ours-batch": "ours (applyAll + getState)",
  "ours-incremental": "ours (apply, getState every 16)",
  minimal: "minimal immutable reducer",
  "ag-ui": "AG-UI client runAgent",
  "ai-sdk-stream": "AI SDK readUIMessageStream",
  "ai-sdk-chat": "AI SDK Chat (AbstractChat)",
};
const label = (id: string): string => LABELS[id] ?? id;

function find(report: BenchReport, reducer: string, events: number): ReducerResult | undefined {
  return report.reducers.find((r) => r.reducer === reducer && r.events === events);
}

/** The measured size closest to `target` (sessions are sized within a few events of the target). */
function sizeNear(report: BenchReport, target: number): number | undefined {
  return report.sizes.find((s) => Math.abs(s - target) <= target * 0.01);
}

function reducerTable(report: BenchReport, events: number): string {
  const ours = report.reducers.find(
    (r) => r.reducer === "ours-batch" && r.events >= events * 0.99 && r.events <= events * 1.01,
  );
  const rows: string[][] = [];
  const ids = [
    ...new Set([...report.reducers.map((r) => r.reducer), ...report.skipped.map((s) => s.reducer)]),
  ];
  for (const id of ids) {
    const r = report.reducers.find((x) => x.reducer === id && Math.abs(x.events - events) <= events * 0.01);
    if (r !== undefined) {
      rows.push([
        label(id),
        fmtCount(r.inputs),
        fmtMs(r.medianMs),
        fmtMs(r.medianCpuMs),
        fmtRate(r.events, r.medianMs),
        ((r.medianMs * 1000) / r.events).toFixed(2),
        fmtMB(r.peakHeapBytes),
        ours === undefined ? "–" : fmtRatio(r.medianMs / ours.medianMs),
      ]);
      continue;
    }
    const s = report.skipped.find((x) => x.reducer === id && x.events === events);
    if (s === undefined) continue;
    const est = s.estimateMs;
    const note = est === undefined ? s.reason : `${s.reason}, est ${(est / 1000).toFixed(1)} s`;
    rows.push([
      label(id),
      "–",
      note,
      "–",
      "–",
      "–",
      "–",
      ours && est ? `~${fmtRatio(est / ours.medianMs)} (est)` : "–",
    ]);
  }
  return table(
    [
      "reducer",
      "input events",
      "wall ms (median)",
      "CPU ms",
      "events/s",
      "µs/event",
      "peak heap MB",
      "× ours",
    ],
    rows,
  );
}

function growthTable(report: BenchReport): string | undefined {
  const small = sizeNear(report, 10_000);
  const large = sizeNear(report, 100_000);
  if (small === undefined || large === undefined) return undefined;
  const rows: string[][] = [];
  for (const id of new Set(report.reducers.map((r) => r.reducer))) {
    const a =
      find(report, id, small) ??
      report.reducers.find((r) => r.reducer === id && Math.abs(r.events - small) <= 100);
    const b =
      find(report, id, large) ??
      report.reducers.find((r) => r.reducer === id && Math.abs(r.events - large) <= 1000);
    if (a === undefined) continue;
    const k =
      b === undefined
        ? undefined
        : growthExponent({ events: a.events, ms: a.medianMs }, { events: b.events, ms: b.medianMs });
    rows.push([
      label(id),
      fmtMs(a.medianMs),
      b ? fmtMs(b.medianMs) : "skipped",
      b ? fmtRatio(b.medianMs / a.medianMs) : "–",
      k === undefined ? "–" : k.toFixed(2),
    ]);
  }
  return table(["reducer", "10k ms", "100k ms", "100k / 10k", "growth exponent"], rows);
}

function marginalTable(report: BenchReport): string {
  const histories = [...new Set(report.marginal.map((m) => m.history))].sort((a, b) => a - b);
  const at = (reducer: string, history: number) =>
    report.marginal.find((m) => m.reducer === reducer && m.history === history);
  const base = at("ours", histories[0]);
  const rows = histories.map((history) => {
    const ours = at("ours", history);
    const minimal = at("minimal", history);
    return [
      sizeLabel(history),
      ours ? fmtMs(ours.medianMs) : "–",
      minimal ? fmtMs(minimal.medianMs) : "–",
      ours && base ? fmtRatio(ours.medianMs / base.medianMs) : "–",
    ];
  });
  const next = report.marginal[0]?.next ?? 1000;
  return table(
    [
      "history (events)",
      `ours ms for next ${next}`,
      `minimal ms for next ${next}`,
      "ours vs smallest history",
    ],
    rows,
  );
}

function serverTable(report: BenchReport): string {
  if (report.server.results === undefined) return `Skipped: ${report.server.skipped ?? "not run"}.`;
  return table(
    [
      "events",
      "append ms (batches of 500)",
      "append events/s",
      "snapshot write ms",
      "hydrate read ms (snapshot + tail → state)",
    ],
    report.server.results.map((r) => [
      fmtCount(r.events),
      fmtMs(r.appendMs),
      fmtRate(r.events, r.appendMs),
      fmtMs(r.snapshotWriteMs),
      fmtMs(r.hydrateReadMs),
    ]),
  );
}

/** A target is judged only on repeated runs: one wall-time run is too noisy on a shared machine. */
export const MIN_JUDGED_RUNS = 3;

/** "150 ms", "10.5 s": fmtMs with its unit. */
const withUnit = (ms: number) => {
  const text = fmtMs(ms);
  return text.endsWith(" s") ? text : `${text} ms`;
};

function spread(result: ReducerResult | MarginalResult): string {
  const times = [...result.timesMs].sort((a, b) => a - b);
  return times.length < 2
    ? "1 run"
    : `${times.length} runs, ${withUnit(times[0])}–${withUnit(times[times.length - 1])}`;
}

/** Judges `met` only when every result behind it has enough runs; otherwise says so. */
function judged(
  target: string,
  measured: string,
  met: boolean,
  results: readonly (ReducerResult | MarginalResult)[],
): TargetCheck {
  const runs = Math.min(...results.map((r) => r.timesMs.length));
  const detail = results.map(spread).join("; ");
  if (runs < MIN_JUDGED_RUNS)
    return {
      target,
      measured: `${measured} (${detail}: not judged, needs ${MIN_JUDGED_RUNS} runs)`,
      met: null,
    };
  return { target, measured: `${measured} (median of ${detail})`, met };
}

/** The projector's throughput target at 100k events, in events/s (batch: applyAll, then getState). */
export const REDUCER_RATE_TARGET = 500_000;

export function checkTargets(report: BenchReport): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const s100 = sizeNear(report, 100_000);
  const s20 = sizeNear(report, 20_000);
  const s10 = sizeNear(report, 10_000);
  const ours100 = s100 === undefined ? undefined : find(report, "ours-batch", s100);
  const rateTarget = `ours ≥ ${fmtCount(REDUCER_RATE_TARGET)} events/s at 100k (batch)`;
  if (ours100 === undefined) checks.push({ target: rateTarget, measured: "not measured", met: null });
  else {
    const rate = (ours100.events / ours100.medianMs) * 1000;
    checks.push(judged(rateTarget, `${fmtCount(rate)} events/s`, rate >= REDUCER_RATE_TARGET, [ours100]));
  }
  const ours10 = s10 === undefined ? undefined : find(report, "ours-batch", s10);
  const growthTarget = "ours growth exponent 10k→100k ≤ 1.1";
  if (ours10 === undefined || ours100 === undefined)
    checks.push({ target: growthTarget, measured: "not measured", met: null });
  else {
    const k = growthExponent(
      { events: ours10.events, ms: ours10.medianMs },
      { events: ours100.events, ms: ours100.medianMs },
    );
    checks.push(judged(growthTarget, k.toFixed(2), k <= 1.1, [ours10, ours100]));
  }
  const min100 = s100 === undefined ? undefined : find(report, "minimal", s100);
  const minTarget = "ours within 2× of the minimal immutable reducer at 100k";
  if (ours100 === undefined || min100 === undefined)
    checks.push({ target: minTarget, measured: "not measured", met: null });
  else {
    const vsMin = ours100.medianMs / min100.medianMs;
    checks.push(
      judged(minTarget, `${fmtRatio(vsMin)} the minimal reducer's time`, vsMin <= 2, [ours100, min100]),
    );
  }
  for (const [peer, at, size, factor] of [
    ["ag-ui", 20_000, s20, 100],
    ["ai-sdk-stream", 20_000, s20, 100],
    ["ai-sdk-chat", 100_000, s100, 10],
  ] as const) {
    const name = `ours ≥ ${factor}× faster than ${label(peer)} at ${sizeLabel(at)}`;
    if (size === undefined) {
      checks.push({ target: name, measured: `not measured (${sizeLabel(at)} not run)`, met: null });
      continue;
    }
    const ours = find(report, "ours-batch", size);
    const p = find(report, peer, size);
    const skip = report.skipped.find((x) => x.reducer === peer && x.events === size);
    if (ours && p)
      checks.push(
        judged(name, fmtRatio(p.medianMs / ours.medianMs), p.medianMs / ours.medianMs >= factor, [ours, p]),
      );
    else if (ours && skip?.estimateMs)
      // An estimate is printed for orientation and never judged.
      checks.push({
        target: name,
        measured: `not measured: peer skipped over the cap (estimated ~${fmtRatio(skip.estimateMs / ours.medianMs)})`,
        met: null,
      });
    else checks.push({ target: name, measured: "not measured", met: null });
  }
  const help = report.product?.result?.startup.find((s) => s.command === "agent-ui --help");
  checks.push({
    target: "agent-ui --help starts in < 150 ms",
    measured: help
      ? `${help.medianMs.toFixed(0)} ms (node -e 0: ${report.product?.result?.startup[0]?.medianMs.toFixed(0)} ms)`
      : "not measured",
    met: help ? help.medianMs < 150 : null,
  });
  const histories = report.marginal.filter((m) => m.reducer === "ours").sort((a, b) => a.history - b.history);
  const first = histories[0];
  const last = histories[histories.length - 1];
  const flatTarget = "marginal cost at 100k history ≤ 1.5× that at 1k";
  if (first === undefined || last === undefined || last.history < 100_000)
    checks.push({ target: flatTarget, measured: "not measured", met: null });
  else {
    const flat = last.medianMs / first.medianMs;
    checks.push(judged(flatTarget, fmtRatio(flat), flat <= 1.5, [first, last]));
  }
  return checks;
}

export function targetsTable(checks: readonly TargetCheck[]): string {
  return table(
    ["target", "measured", "met"],
    checks.map((c) => [c.target, c.measured, c.met === null ? "not judged" : c.met ? "yes" : "**no**"]),
  );
}

export function renderReport(report: BenchReport): string {
  const m = report.machine;
  const out: string[] = [
    `Machine: ${m.nproc} cores, ${m.cpu}, Node ${m.node} (${m.platform}); load average ${report.loadAverage.before.map((l) => l.toFixed(1)).join(" / ")} before, ${report.loadAverage.after.map((l) => l.toFixed(1)).join(" / ")} after. Seed ${report.seed}; a peer is skipped where one run is estimated above ${report.capMs / 1000} s.`,
    "",
  ];
  for (const size of report.sizes)
    out.push(`#### Reducers at ${sizeLabel(size)} events`, "", reducerTable(report, size), "");
  const growth = growthTable(report);
  if (growth) out.push("#### Growth 10k → 100k", "", growth, "");
  out.push("#### Marginal cost (apply one at a time, a read every 16)", "", marginalTable(report), "");
  if (report.hydration) {
    const h = report.hydration;
    out.push(
      "#### Hydration from a runtime snapshot",
      "",
      table(
        ["session", "snapshot bytes", "hydrate + getState ms (median)", "CPU ms", "messages", "tools"],
        [
          [
            `${sizeLabel(h.events)} events`,
            fmtCount(h.snapshotBytes),
            fmtMs(h.medianMs),
            fmtMs(h.medianCpuMs),
            String(h.messages),
            fmtCount(h.tools),
          ],
        ],
      ),
      "",
    );
  }
  out.push("#### Server (SQLite session store)", "", serverTable(report), "");
  out.push("#### Gateway (`npm run bench:window`, `bench:import`, `bench:store`)", "");
  if (report.gateway === undefined)
    out.push(
      "Not measured in this run (`--quick`): run `npm run bench` (full) or `npm run bench:all`. Gateway delivery and abuse: `npm run bench:server`, `npm run bench:abuse`.",
      "",
    );
  else
    for (const r of report.gateway)
      out.push(`##### ${r.script}`, "", r.table ?? `Not measured: ${r.skipped}.`, "");
  out.push(
    report.cli?.markdown ??
      `#### \`agent-ui project\` against the limit\n\nNot measured in this run (${report.cli?.skipped ?? "`--quick`"}): run \`npm run bench\` (full) or \`npm run bench:cli\`.`,
    "",
  );
  out.push(
    "#### First meaningful paint and selector reads (`npm run bench:first-paint`, `bench:selectors`)",
    "",
  );
  if (report.surfaces === undefined)
    out.push(
      "Not measured in this run (`--quick` skips them): run `npm run bench` (full), or `npm run bench:first-paint` and `npm run bench:selectors`.",
      "",
    );
  else
    for (const r of report.surfaces)
      out.push(`##### ${r.script}`, "", r.table ?? `Not measured: ${r.skipped}.`, "");
  out.push("#### UI", "", report.ui.table ?? `Skipped: ${report.ui.skipped ?? "not run"}.`, "");
  const product = report.product;
  out.push(
    "#### First contact: CLI start-up and browser bundle",
    "",
    product?.result ? productTables(product.result) : `Skipped: ${product?.skipped ?? "not run"}.`,
    "",
  );
  out.push(
    "#### Targets",
    "",
    targetsTable([
      ...checkTargets(report),
      ...gatewayTargets(report.gateway),
      ...(report.cli?.targets ?? cliTargets(undefined)),
      ...surfaceTargets(report.surfaces),
    ]),
    "",
  );
  return out.join("\n");
}
