// A benchmark trial on its evidence card (BENCH-01, RT-AS-18): dataset, trial and configuration, the
// trajectory and reward refs, the P0 regression count and a comparison's baseline/candidate, deltas and
// evidence completeness — each as the runtime reported it. A fact it did not report is left out, never
// filled in; benchmark facts render only here, never in the conversation.
import { Fragment } from "react";

type Facts = Record<string, unknown>;

const record = (value: unknown): Facts =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Facts) : {};

/** A scalar as text; objects and absent values give `undefined` (left out, not guessed). */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return undefined;
}

function joined(...parts: (string | undefined)[]): string | undefined {
  const kept = parts.filter((p): p is string => p !== undefined);
  return kept.length > 0 ? kept.join(" · ") : undefined;
}

/** A delta with its sign, so "+0.25" and "-3" read at a glance. */
function signed(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value > 0 ? `+${value}` : String(value);
  return text(value);
}

/** The rows of one evidence record's benchmark facts, in reading order. */
export function benchmarkRows(facts: Facts): [string, string][] {
  const trial = record(facts.benchmark);
  const refs = record(facts.refs);
  const trajectory = record(facts.trajectory);
  const reward = record(facts.reward);
  const decision = record(facts.decisionInputs);
  const comparison = record(facts.comparison);
  const deltas = Object.entries(record(comparison.deltas))
    .map(([name, value]) => {
      const shown = signed(value);
      return shown === undefined ? undefined : `${name} ${shown}`;
    })
    .filter((d): d is string => d !== undefined);
  const rows: [string, string | undefined][] = [
    ["dataset", joined(text(trial.datasetId), text(trial.datasetVersion))],
    ["trial", joined(text(trial.trialId), text(trial.taskId))],
    ["configuration", joined(text(trial.configurationId), text(trial.role))],
    ["stage", text(facts.stage)],
    ["trajectory", text(refs.trajectoryRef) ?? text(trajectory.ref)],
    ["reward", joined(text(facts.reward) ?? text(reward.value), text(refs.rewardRef) ?? text(reward.ref))],
    ["P0 regressions", text(decision.p0QcGateRegressionCount) ?? text(comparison.p0RegressionCount)],
    ["baseline", text(comparison.baseline)],
    ["candidate", text(comparison.candidate)],
    ["deltas", deltas.length > 0 ? deltas.join(", ") : undefined],
    ["evidence completeness", text(comparison.evidenceCompleteness)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

export function BenchmarkFacts({ facts, evidenceId }: { facts: Facts | undefined; evidenceId: string }) {
  if (facts === undefined) return null;
  const rows = benchmarkRows(facts);
  if (rows.length === 0) return null;
  return (
    <dl className="aui-kv aui-benchmark" aria-label={`Benchmark trial of ${evidenceId}`}>
      {rows.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
