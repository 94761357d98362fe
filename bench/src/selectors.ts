// `npm run bench:selectors`: what one read of each public selector costs on a live session with a long
// history — the reads a surface makes after every event. The session is projected up to `history`
// events, then each of the next `reads` events is applied, `getState()` taken, and every selector read
// once, each timed on its own. Judged on the median read with the p99 printed beside it.
import {
  type Projector,
  createProjector,
  selectActionAudit,
  selectAnswerText,
  selectArtifacts,
  selectCapsules,
  selectContextChips,
  selectDelegatedWork,
  selectDelegationGraph,
  selectDiagnostics,
  selectEvidence,
  selectInlineProcess,
  selectMessages,
  selectPendingActions,
  selectRoster,
  selectStatus,
  selectTimeline,
  selectUserMessages,
} from "@agent-ui/projection";
import type { ProjectionState } from "@agent-ui/contracts";
import { encodeSession, generateSession } from "./generator";
import { fmtMs, sizeLabel, table } from "./markdown";

type Read = (state: ProjectionState, projector: Projector) => unknown;

const lastPart = (state: ProjectionState) => {
  const messages = state.messages;
  const parts = messages[messages.length - 1]?.parts ?? [];
  return parts[parts.length - 1];
};

/** Every public selector, with the arguments a surface passes. */
export const SELECTORS: readonly (readonly [string, Read])[] = [
  [
    "getState() + every table read",
    (s) => [s.messages, s.timeline, s.tools, s.agents, s.evidence, s.artifacts],
  ],
  ["selectStatus", (s) => selectStatus(s)],
  ["selectMessages", (s) => selectMessages(s)],
  ["selectUserMessages", (s) => selectUserMessages(s.messages)],
  ["selectAnswerText", (s) => selectAnswerText(s)],
  ["selectInlineProcess", (s) => selectInlineProcess(s)],
  ["selectTimeline", (s) => selectTimeline(s)],
  ["selectPendingActions", (s) => selectPendingActions(s)],
  ["selectActionAudit", (s) => selectActionAudit(s)],
  ["selectCapsules", (s) => selectCapsules(s)],
  ["selectContextChips", (s) => selectContextChips(s)],
  ["selectDiagnostics", (s) => selectDiagnostics(s)],
  ["selectRoster", (s) => selectRoster(s)],
  ["selectDelegationGraph", (s) => selectDelegationGraph(s)],
  [
    "selectDelegatedWork",
    (s) => {
      const part = lastPart(s);
      return part === undefined ? undefined : selectDelegatedWork(s, part);
    },
  ],
  ["selectEvidence", (s) => selectEvidence(s)],
  ["selectArtifacts", (s) => selectArtifacts(s)],
  ["projector.selectTool (newest)", (_s, p) => p.selectTool("missing")],
];

export interface SelectorRow {
  selector: string;
  history: number;
  medianMs: number;
  p99Ms: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Times every selector over `reads` live events after `history` events of one generated session. */
export function measureSelectors(history: number, reads = 200, seed = 1): SelectorRow[] {
  const events = encodeSession(generateSession({ seed, events: history + reads })).envelope;
  const projector = createProjector();
  const split = Math.max(0, events.length - reads);
  for (let i = 0; i < split; i++) projector.apply(events[i]);
  // Warm every selector on the history once: a surface has read it before the live events arrive.
  let state = projector.getState();
  for (const [, read] of SELECTORS) read(state, projector);
  const times = SELECTORS.map(() => [] as number[]);
  for (let i = split; i < events.length; i++) {
    projector.apply(events[i]);
    const start = performance.now();
    state = projector.getState();
    let previous = performance.now();
    times[0].push(previous - start);
    for (let s = 0; s < SELECTORS.length; s++) {
      SELECTORS[s][1](state, projector);
      const now = performance.now();
      if (s === 0) times[0][times[0].length - 1] += now - previous;
      else times[s].push(now - previous);
      previous = now;
    }
  }
  return SELECTORS.map(([selector], s) => {
    const sorted = times[s].sort((a, b) => a - b);
    return { selector, history: split, medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
  });
}

export const SELECTOR_TARGET_MS = 1;

export function renderSelectors(rows: readonly SelectorRow[]): string {
  const sizes = [...new Set(rows.map((r) => r.history))];
  const body = [...new Set(rows.map((r) => r.selector))].map((selector) => {
    const cells = sizes.map((history) => {
      const row = rows.find((r) => r.selector === selector && r.history === history);
      return row === undefined ? "–" : `${fmtMs(row.medianMs)} / ${fmtMs(row.p99Ms)}`;
    });
    const largest = rows.find((r) => r.selector === selector && r.history === sizes[sizes.length - 1]);
    const met = largest !== undefined && largest.medianMs <= SELECTOR_TARGET_MS;
    return [selector, ...cells, met ? "yes" : "**no**"];
  });
  return table(
    [
      "read after each live event",
      ...sizes.map((h) => `ms at ${sizeLabel(h)} history (median / p99)`),
      `≤ ${SELECTOR_TARGET_MS} ms at ${sizeLabel(sizes[sizes.length - 1])}`,
    ],
    body,
  );
}

const isMain = process.argv[1]?.endsWith("selectors.ts") ?? false;
if (isMain) {
  const sizes = process.argv.includes("--quick") ? [10_000, 100_000] : [100_000, 1_000_000];
  const rows: SelectorRow[] = [];
  for (const history of sizes) {
    process.stderr.write(`selectors @ ${sizeLabel(history)} history…\n`);
    rows.push(...measureSelectors(history));
  }
  process.stdout.write(`${renderSelectors(rows)}\n`);
}
