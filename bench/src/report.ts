// The benchmark report: its JSON shape, the Markdown tables and the targets it is judged against.
import { growthExponent } from "./growth";
import { fmtCount, fmtMB, fmtMs, fmtRate, fmtRatio, sizeLabel, table } from "./markdown";
import { type ProductResult, productTables } from "./product";
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
  product?: { result?: ProductResult; skipped?: string };
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

export function checkTargets(report: BenchReport): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const s100 = sizeNear(report, 100_000);
  const s20 = sizeNear(report, 20_000);
  const s10 = sizeNear(report, 10_000);
  const ours100 = s100 === undefined ? undefined : find(report, "ours-batch", s100);
  const rate = ours100 ? (ours100.events / ours100.medianMs) * 1000 : undefined;
  checks.push({
    target: "ours ≥ 250,000 events/s at 100k (batch)",
    measured: rate ? `${fmtCount(rate)} events/s` : "not measured",
    met: rate === undefined ? null : rate >= 250_000,
  });
  const ours10 = s10 === undefined ? undefined : find(report, "ours-batch", s10);
  const k =
    ours10 && ours100
      ? growthExponent(
          { events: ours10.events, ms: ours10.medianMs },
          { events: ours100.events, ms: ours100.medianMs },
        )
      : undefined;
  checks.push({
    target: "ours growth exponent 10k→100k ≤ 1.1",
    measured: k === undefined ? "not measured" : k.toFixed(2),
    met: k === undefined ? null : k <= 1.1,
  });
  const min100 = s100 === undefined ? undefined : find(report, "minimal", s100);
  const vsMin = ours100 && min100 ? ours100.medianMs / min100.medianMs : undefined;
  checks.push({
    target: "ours within 2× of the minimal immutable reducer at 100k",
    measured: vsMin === undefined ? "not measured" : `${fmtRatio(vsMin)} the minimal reducer's time`,
    met: vsMin === undefined ? null : vsMin <= 2,
  });
  for (const [peer, size, factor] of [
    ["ag-ui", s20, 100],
    ["ai-sdk-stream", s20, 100],
    ["ai-sdk-chat", s100, 10],
  ] as const) {
    const name = `ours ≥ ${factor}× faster than ${label(peer)} at ${size === undefined ? "?" : sizeLabel(size)}`;
    if (size === undefined) {
      checks.push({ target: name, measured: "size not run", met: null });
      continue;
    }
    const ours = find(report, "ours-batch", size);
    const p = find(report, peer, size);
    const skip = report.skipped.find((x) => x.reducer === peer && x.events === size);
    if (ours && p)
      checks.push({
        target: name,
        measured: `${fmtRatio(p.medianMs / ours.medianMs)}`,
        met: p.medianMs / ours.medianMs >= factor,
      });
    else if (ours && skip?.estimateMs)
      checks.push({
        target: name,
        measured: `~${fmtRatio(skip.estimateMs / ours.medianMs)} (peer skipped, estimated)`,
        met: skip.estimateMs / ours.medianMs >= factor,
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
  const flat = first && last && last.history >= 100_000 ? last.medianMs / first.medianMs : undefined;
  checks.push({
    target: "marginal cost at 100k history ≤ 1.5× that at 1k",
    measured: flat === undefined ? "not measured" : fmtRatio(flat),
    met: flat === undefined ? null : flat <= 1.5,
  });
  return checks;
}

export function targetsTable(checks: readonly TargetCheck[]): string {
  return table(
    ["target", "measured", "met"],
    checks.map((c) => [c.target, c.measured, c.met === null ? "n/a" : c.met ? "yes" : "**no**"]),
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
  out.push("#### UI", "", report.ui.table ?? `Skipped: ${report.ui.skipped ?? "not run"}.`, "");
  const product = report.product;
  out.push(
    "#### First contact: CLI start-up and browser bundle",
    "",
    product?.result ? productTables(product.result) : `Skipped: ${product?.skipped ?? "not run"}.`,
    "",
  );
  out.push("#### Targets", "", targetsTable(checkTargets(report)), "");
  return out.join("\n");
}
