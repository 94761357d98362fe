// Tool input/output thresholds (TOOL-06, tool-ui §Large output rule): the product's one set of numbers for
// when a tool row truncates its input, summarizes its output, offloads the output to a ref, warns about
// the output's context impact, and requires an explicit expansion to show the whole output. Adapters
// offload above `offloadBytes`; the projection keeps a whole output up to `keepOutputBytes`; the row reads
// the rest. Override any of them with `toolThresholds({...})`; invalid values fall back to the defaults.

export interface ToolThresholds {
  /** An input summary longer than this (characters) is cut on the row, its length said. */
  inputChars: number;
  /** An output longer than this (characters or bytes) is shown as a preview + size + "open details". */
  previewChars: number;
  /** An output larger than this (UTF-8 bytes) leaves the event as a ref, a preview and a size. */
  offloadBytes: number;
  /** The projection keeps a whole inline output up to this size (UTF-8 bytes) as `outputText`. */
  keepOutputBytes: number;
  /** A whole output larger than this (UTF-8 bytes) opens only on an explicit "Show full output". */
  expandBytes: number;
  /** An output of at least this many estimated tokens is flagged as large for the model's context. */
  contextWarnTokens: number;
  /** With a known context budget: warn when the output would take at least this share of it (0–1). */
  contextWarnShare: number;
}

export const DEFAULT_TOOL_THRESHOLDS: Readonly<ToolThresholds> = Object.freeze({
  inputChars: 120,
  previewChars: 280,
  offloadBytes: 64 * 1024,
  keepOutputBytes: 16 * 1024,
  expandBytes: 4 * 1024,
  contextWarnTokens: 8_000,
  contextWarnShare: 0.1,
});

/** The defaults with the product's overrides; a value that is not a positive finite number (a share
 * above 1) is ignored, so a bad config never disables a bound. */
export function toolThresholds(overrides: Partial<ToolThresholds> = {}): ToolThresholds {
  const out = { ...DEFAULT_TOOL_THRESHOLDS };
  for (const key of Object.keys(out) as (keyof ToolThresholds)[]) {
    const value = overrides[key];
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) continue;
    if (key === "contextWarnShare" && value > 1) continue;
    out[key] = value;
  }
  return out;
}

/** Tokens an output of `bytes` UTF-8 bytes likely takes (about four bytes a token), rounded up. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(Math.max(0, bytes) / 4);
}

export interface ToolOutputSize {
  inputSummary?: string;
  outputPreview?: string;
  /** The whole output's size in UTF-8 bytes, as reported. */
  outputBytes?: number;
}

export interface ToolOutputPlan {
  truncateInput: boolean;
  summarize: boolean;
  offload: boolean;
  requireExpansion: boolean;
  /** Set when the output is large for the model's context: its estimated tokens and, with a known
   * budget, the share of the budget it would take. */
  contextWarning?: { tokens: number; share?: number };
}

/** What a row does with one tool call's input and output under `thresholds`. Each rule is "more than the
 * threshold", so a value exactly at it is shown as is. `contextLimitTokens`: the model's context budget. */
export function planToolOutput(
  size: ToolOutputSize,
  thresholds: ToolThresholds = DEFAULT_TOOL_THRESHOLDS,
  contextLimitTokens?: number,
): ToolOutputPlan {
  const previewLength = size.outputPreview?.length ?? 0;
  const bytes = size.outputBytes ?? previewLength;
  const tokens = estimateTokens(bytes);
  const share =
    contextLimitTokens !== undefined && contextLimitTokens > 0 ? tokens / contextLimitTokens : undefined;
  const warn =
    tokens >= thresholds.contextWarnTokens || (share !== undefined && share >= thresholds.contextWarnShare);
  return {
    truncateInput: (size.inputSummary?.length ?? 0) > thresholds.inputChars,
    summarize: previewLength > thresholds.previewChars || bytes > thresholds.previewChars,
    offload: bytes > thresholds.offloadBytes,
    requireExpansion: bytes > thresholds.expandBytes,
    ...(warn ? { contextWarning: share === undefined ? { tokens } : { tokens, share } } : {}),
  };
}
