import { describe, expect, it } from "vitest";
import {
  DEFAULT_INLINE_LIMIT_BYTES,
  DEFAULT_TOOL_THRESHOLDS,
  estimateTokens,
  planToolOutput,
  toolThresholds,
} from "../src/index";

const t = DEFAULT_TOOL_THRESHOLDS;
const bytesOf = (tokens: number) => tokens * 4;

describe("tool thresholds", () => {
  it("TOOL-06 each rule starts one past its threshold: at it the output is shown as is", () => {
    const at = planToolOutput({
      inputSummary: "i".repeat(t.inputChars),
      outputPreview: "o".repeat(t.previewChars),
    });
    expect(at).toEqual({ truncateInput: false, summarize: false, offload: false, requireExpansion: false });
    const past = planToolOutput({
      inputSummary: "i".repeat(t.inputChars + 1),
      outputPreview: "o".repeat(t.previewChars + 1),
    });
    expect(past.truncateInput).toBe(true);
    expect(past.summarize).toBe(true);
  });

  it("TOOL-06 offload and explicit expansion follow the whole output's bytes, not its preview", () => {
    const preview = "short";
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.expandBytes }).requireExpansion).toBe(
      false,
    );
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.expandBytes + 1 }).requireExpansion).toBe(
      true,
    );
    // A short preview of a large output is still a summary of it.
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.previewChars }).summarize).toBe(false);
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.previewChars + 1 }).summarize).toBe(true);
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.offloadBytes }).offload).toBe(false);
    expect(planToolOutput({ outputPreview: preview, outputBytes: t.offloadBytes + 1 }).offload).toBe(true);
    // The adapters' inline limit is this same offload threshold: one home for the number.
    expect(DEFAULT_INLINE_LIMIT_BYTES).toBe(t.offloadBytes);
  });

  it("TOOL-06 the context-impact warning starts at its token threshold, or at a share of a known budget", () => {
    const bytesFor = (tokens: number) => tokens * 4;
    expect(planToolOutput({ outputBytes: bytesFor(t.contextWarnTokens) - 4 }).contextWarning).toBeUndefined();
    // Without a known budget the warning states no share at all (not an undefined one).
    expect(planToolOutput({ outputBytes: bytesFor(t.contextWarnTokens) }).contextWarning).toStrictEqual({
      tokens: t.contextWarnTokens,
    });
    // 1,000 tokens is small alone, but 10% of a 10,000-token budget.
    expect(planToolOutput({ outputBytes: 4000 }, t, 10_001).contextWarning).toBeUndefined();
    expect(planToolOutput({ outputBytes: 4000 }, t, 10_000).contextWarning).toEqual({
      tokens: 1000,
      share: 0.1,
    });
    expect(estimateTokens(5)).toBe(2);
    expect(estimateTokens(-1)).toBe(0);
  });

  it("TOOL-06 a product overrides any threshold; a bad value keeps the default bound", () => {
    const custom = toolThresholds({
      previewChars: 10,
      expandBytes: 0,
      contextWarnShare: 2,
      inputChars: Number.NaN,
    });
    expect(custom).toEqual({ ...t, previewChars: 10 });
    expect(planToolOutput({ outputPreview: "o".repeat(11) }, custom).summarize).toBe(true);
    expect(Object.isFrozen(DEFAULT_TOOL_THRESHOLDS)).toBe(true);
  });

  it("TOOL-06 a share of exactly 1 (the whole budget) is a valid override; a string is not", () => {
    expect(toolThresholds({ contextWarnShare: 1 }).contextWarnShare).toBe(1);
    const stringy = { previewChars: "10" } as unknown as Partial<typeof t>;
    expect(toolThresholds(stringy).previewChars).toBe(t.previewChars);
  });

  it("TOOL-06 a budget of 0 tokens is no known budget: only the token threshold warns", () => {
    expect(planToolOutput({ outputBytes: 4 }, t, 0).contextWarning).toBeUndefined();
    expect(planToolOutput({ outputBytes: bytesOf(t.contextWarnTokens) }, t, 0).contextWarning).toEqual({
      tokens: t.contextWarnTokens,
    });
  });

  it("TOOL-06 a preview longer than its threshold is summarized even when the reported size is smaller", () => {
    const plan = planToolOutput({ outputPreview: "o".repeat(t.previewChars + 1), outputBytes: 10 });
    expect(plan).toEqual({ truncateInput: false, summarize: true, offload: false, requireExpansion: false });
  });
});
