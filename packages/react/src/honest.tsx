// Honest fallbacks (FALL-01/02): a value the runtime did not provide is shown by name — `unknown`,
// `unavailable`, `stale`, `blocked` — in its own badge style, never replaced by a plausible guess.
export const FALLBACK_VALUES = ["unknown", "unavailable", "stale", "blocked"] as const;
export type FallbackValue = (typeof FALLBACK_VALUES)[number];

export function isFallback(value: unknown): value is FallbackValue {
  return typeof value === "string" && (FALLBACK_VALUES as readonly string[]).includes(value);
}

export type Tone = "calm" | "info" | "warn" | "alert" | "ok" | "muted";

/** The runtime did not (or cannot) say: shown in the dashed `honest` style so it never looks like a fact.
 * `stale` and `blocked` are states the runtime reported and keep their warning/alert tones. */
export function isUnknown(value: unknown): value is "unknown" | "unavailable" {
  return value === "unknown" || value === "unavailable";
}

/** A compact `label: value` chip. */
export function Badge(props: { label?: string; value: string; tone?: Tone; title?: string }) {
  const tone = isUnknown(props.value) ? "honest" : (props.tone ?? toneOf(props.value));
  return (
    <span className={`aui-badge aui-tone-${tone}`} title={props.title} data-value={props.value}>
      {props.label ? `${props.label}: ${props.value}` : props.value.replaceAll("_", " ")}
    </span>
  );
}

/** Renders an `Honest<T>` string value, or the named fallback when the runtime did not say. */
export function honestText(value: unknown, fallback: FallbackValue = "unknown"): string {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return fallback;
}

/** Maps a state word to a tone used by badges across surfaces. */
export function toneOf(status: string | undefined): Tone {
  switch (status) {
    case "failed":
    case "output-error":
    case "action_required":
    case "needs_input":
    case "permission_required":
    case "plan_ready":
    case "blocked":
    case "changes_requested":
    case "error":
      return "alert";
    case "queued":
    case "waiting":
    case "waiting_provider":
    case "retrying":
    case "steering":
    case "stale":
    case "pending":
    case "responding":
    case "warning":
      return "warn";
    case "completed":
    case "output-available":
    case "passed":
    case "verified":
    case "exported":
    case "resolved":
    case "ready":
    case "done":
    case "accepted":
      return "ok";
    case "running":
    case "streaming":
    case "tool_running":
    case "preparing":
    case "routing":
    case "submitted":
      return "info";
    default:
      return "muted";
  }
}

/** Short, safe one-line preview: never a partial multi-kilobyte dump in a row (TOOL-05, TASK-05). */
export function clip(text: string | undefined, max = 140): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
