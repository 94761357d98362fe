import { DEFAULT_TOOL_THRESHOLDS } from "@agent-ui/contracts";

/** Options of a projector. Every field is optional; defaults are below. */
export interface ProjectorOptions {
  /** Bounded previews of large values, in characters (default 2048, TOOL-02 / ARCH-03). */
  previewBytes?: number;
  /** A tool result's whole output is kept as `outputText` up to this many UTF-8 bytes (default: the tool
   * thresholds' `keepOutputBytes`, 16384, TOOL-06). Larger: preview, bytes and ref only. */
  outputTextBytes?: number;
  /** Bounded teammate transcript: recent message ids kept per agent (TEAM-09, default 50). */
  transcriptLimit?: number;
  /** TEXT-07: render `reasoning_detail` text only when policy allows (default false: a summary shows). */
  showReasoningDetail?: boolean;
  /** The session this projector belongs to: hydration for another session is ignored (HYD-03). */
  sessionId?: string;
  /** `shape` (default): a cheap envelope check per event; events it rejects are reported with the
   * contracts' `validateEvent` diagnostics. `full`: every event is also validated with `validateEvent`
   * (schema, scope ids, taxonomy, secrets, inline size) and its diagnostics recorded — slower. */
  validation?: "shape" | "full";
  /** Largest application state (`appState`) kept, in approximate serialized bytes (default 4 MiB). A
   * snapshot or patch that would exceed it is refused with a `state_limit_exceeded` diagnostic and the
   * state is kept as it was. Measured over the shared structure, so a `copy` bomb is priced before it is
   * ever serialized. */
  maxAppStateBytes?: number;
  /** Deepest nesting of the application state (default 64 levels); deeper is refused the same way. */
  maxAppStateDepth?: number;
}

export interface ResolvedOptions {
  previewBytes: number;
  outputTextBytes: number;
  transcriptLimit: number;
  showReasoningDetail: boolean;
  sessionId: string | undefined;
  validation: "shape" | "full";
  maxAppStateBytes: number;
  maxAppStateDepth: number;
}

export function resolveOptions(options: ProjectorOptions = {}): ResolvedOptions {
  return {
    previewBytes: positiveInt(options.previewBytes, 2048),
    outputTextBytes: positiveInt(options.outputTextBytes, DEFAULT_TOOL_THRESHOLDS.keepOutputBytes),
    transcriptLimit: positiveInt(options.transcriptLimit, 50),
    showReasoningDetail: options.showReasoningDetail === true,
    sessionId: options.sessionId,
    validation: options.validation === "full" ? "full" : "shape",
    maxAppStateBytes: positiveInt(options.maxAppStateBytes, 4 * 1024 * 1024),
    maxAppStateDepth: positiveInt(options.maxAppStateDepth, 64),
  };
}

function positiveInt(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}
