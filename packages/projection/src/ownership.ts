// ARCH-01 / HITL-03: the projection is never authoritative for runtime truth. An event whose envelope
// says `owner: "ui_projection"` is a client's own write echoed into the stream (an optimistic click, a
// local draft); it must not resolve an action, end a tool or run, grant a permission or set a verdict.
// Such events are reported as `ui_owned_fact_ignored` and change nothing.

/** Families whose facts only the runtime (or its policy/evidence systems) may state (ARCH-01's list:
 * runtime identity, status, tool output, artifact content, permission state, verdicts, approval state). */
const RUNTIME_OWNED_PREFIXES = [
  "run.",
  "tool.",
  "action.",
  "task.",
  "agent.",
  "team.",
  "worker.",
  "review.",
  "artifact.",
  "evidence.",
  "permission.",
  "queue.",
  "plan.",
  "text.",
  "reasoning.",
  "context.",
] as const;

/** `state.snapshot` keys that restore runtime truth; `appState` alone is the application's own state. */
const RUNTIME_SNAPSHOT_KEYS = ["runtimeSession", "thread", "task", "evidencePack", "projection"] as const;

/** True when a UI-owned event claims a runtime-owned fact (and must therefore be ignored). */
export function isUiOwnedRuntimeFact(
  type: string,
  owner: unknown,
  payload: Record<string, unknown> | undefined,
): boolean {
  if (owner !== "ui_projection") return false;
  if (type === "state.snapshot")
    return payload !== undefined && RUNTIME_SNAPSHOT_KEYS.some((key) => payload[key] !== undefined);
  for (const prefix of RUNTIME_OWNED_PREFIXES) if (type.startsWith(prefix)) return true;
  return false;
}
