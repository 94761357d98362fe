// Hydration honesty after a snapshot (HYD-10, HYD-12, FALL-03, AUI-AR-HYDRATE-002): the session reads
// `repairing` while sections the snapshot had stale (`cursor.staleSections`) wait for the event tail to
// rebuild them, `live` once the tail repaired the last one, and `degraded` (with `degradedSections`)
// when recovery is partial — the runtime flagged it, the snapshot lacked a section, or the source
// stopped while gaps or stale sections were still open. Nothing here guesses: each transition follows a
// runtime fact.
import type { AgentUiEvent, SessionSlice } from "@agent-ui/contracts";
import { asStringArray, isRecord } from "../internal/json";
import type { Store } from "../store";
import type { HydrationInput } from "./types";

/** Stale sections that facts repair (stream gaps are the ordering gate's: they close when filled). */
export function factSections(store: Store): string[] {
  return Array.from(store.gate.staleSections).filter((section) => !section.startsWith("stream:"));
}

/** Degradations so far per store: a repair snapshot that itself degraded must not read `hydrated`. */
const degradations = new WeakMap<Store, number>();

export function degradationCount(store: Store): number {
  return degradations.get(store) ?? 0;
}

/** Marks recovery partial for the named sections (HYD-12), with one diagnostic naming them. */
export function degrade(store: Store, sections: readonly string[], why: string, event?: AgentUiEvent): void {
  if (sections.length === 0) return;
  const session = store.session.value;
  const known = session.hydration.degradedSections ?? [];
  const added = sections.filter((section) => !known.includes(section));
  session.hydration = {
    ...session.hydration,
    status: "degraded",
    degradedSections: [...known, ...added],
  };
  store.session.touch();
  degradations.set(store, degradationCount(store) + 1);
  if (added.length > 0)
    store.diag("hydration_degraded", "warning", `${why}: ${added.join(", ")} degraded`, event);
}

/** Snapshot kinds that restore the whole read model: a complete one supersedes earlier partial ones. */
const WHOLE_READ_MODEL: ReadonlySet<string> = new Set(["runtime-session", "thread"]);

/** After a complete snapshot was applied: `repairing` while stale sections wait for the tail, else the
 * given status. A whole read model lifts earlier degraded read-model sections; an unfilled stream gap
 * stays degraded until a repair snapshot covers it. */
export function settleHydration(
  store: Store,
  status: SessionSlice["hydration"]["status"],
  source: string,
): void {
  const session = store.session.value;
  if (session.hydration.status === "degraded") {
    const known = session.hydration.degradedSections ?? [];
    const left = WHOLE_READ_MODEL.has(source) ? known.filter((s) => s.startsWith("stream:")) : known;
    if (left.length > 0) {
      if (left.length !== known.length) {
        session.hydration = { ...session.hydration, degradedSections: left };
        store.session.touch();
      }
      return;
    }
  }
  session.hydration = { status: factSections(store).length > 0 ? "repairing" : status, source };
  store.session.touch();
}

/** A tail fact rebuilt a section: its stale mark goes, and the session is `live` once none is left. */
export function repairSection(store: Store, section: string): void {
  if (!store.gate.staleSections.has(section)) return;
  store.clearStale(section);
  const session = store.session.value;
  if (session.hydration.status === "repairing" && factSections(store).length === 0) {
    session.hydration = { ...session.hydration, status: "live" };
    store.session.touch();
  }
}

/** The upstream source stopped (or the session closed): gaps and stale sections still open can no
 * longer be repaired from the stream, so they are degraded rather than left `repairing` forever. */
export function sourceStopped(store: Store, event: AgentUiEvent): void {
  const open = [...store.gate.cursor().gaps.map((gap) => `stream:${gap.streamId}`), ...factSections(store)];
  degrade(store, open, "the source stopped before repair completed", event);
}

const PARTIAL_WORDS: ReadonlySet<string> = new Set(["partial", "degraded"]);

/** Sections a snapshot says it could not restore: `partial` / `degraded: true`, or a `recovery` /
 * `recoveryStatus` of `partial` / `degraded`, with the affected sections when it names them
 * (`missingSections`, `recovery.missing`), else the scope it was found on. */
export function flaggedPartial(value: unknown, scope: string): string[] {
  if (!isRecord(value)) return [];
  const recovery = isRecord(value.recovery) ? value.recovery : undefined;
  const flagged =
    value.partial === true ||
    value.degraded === true ||
    (typeof value.recoveryStatus === "string" && PARTIAL_WORDS.has(value.recoveryStatus)) ||
    (typeof value.recovery === "string" && PARTIAL_WORDS.has(value.recovery)) ||
    (typeof recovery?.status === "string" && PARTIAL_WORDS.has(recovery.status));
  if (!flagged) return [];
  const named = [...asStringArray(value.missingSections), ...asStringArray(recovery?.missing)];
  return named.length > 0 ? named : [scope];
}

/** The sections a snapshot of each kind restores; a repair snapshot clears only these (HYD-10). */
const COVERED: Record<HydrationInput["kind"], readonly string[] | "all"> = {
  "runtime-session": ["runtime", "actions", "queue", "tasks", "evidence", "messages", "team", "tools"],
  thread: ["runtime", "actions", "queue", "messages", "team", "tools"],
  task: ["tasks"],
  "evidence-pack": ["evidence"],
  projection: "all",
};

/** Whether one of the snapshot's inputs (or its appState) restores the section. */
export function isCovered(section: string, inputs: readonly HydrationInput[], appState: boolean): boolean {
  if (section === "appState" && appState) return true;
  return inputs.some((input) => {
    const covered = COVERED[input.kind];
    return covered === "all" || covered.includes(section);
  });
}
