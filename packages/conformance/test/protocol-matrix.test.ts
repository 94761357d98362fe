// Every protocol either tells each core story (its `<rule>@<format>` case runs in the suite) or says why
// it cannot; the matrix below is the one the README shows.
import { ADAPTERS } from "@agent-ui/adapters";
import { describe, expect, it } from "vitest";
import { CASES } from "../src/index";
import { COVERED_ELSEWHERE, protocolCoverage } from "../src/protocols/matrix";
import { PROTOCOL_STORIES } from "../src/protocols/index";
import { STORY_NAMES } from "../src/protocols/types";

const MATRIX: Record<string, string[]> = {
  "ag-ui": ["TEXT-01", "TEXT-02", "TOOL-01", "STAT-07", "HITL-03", "HITL-04"],
  "ai-sdk": ["TEXT-01", "TEXT-02", "TOOL-01", "TOOL-01-ERROR", "STAT-07", "HITL-03", "HITL-04", "EVID-01"],
  langgraph: ["TEXT-01", "TOOL-01", "TOOL-01-ERROR", "HITL-03"],
  "openai-agents": ["TEXT-01", "TEXT-02", "TOOL-01", "HITL-03"],
  "claude-agent-sdk": [
    "TEXT-01",
    "TEXT-02",
    "TOOL-01",
    "TOOL-01-ERROR",
    "STAT-07",
    "ORD-02",
    "HITL-03",
    "HITL-04",
    "EVID-01",
  ],
  codex: ["TEXT-01", "TEXT-02", "TOOL-01", "TOOL-01-ERROR", "STAT-07", "ORD-02"],
  mcp: ["TOOL-01", "TOOL-01-ERROR", "HITL-03", "HITL-04"],
  a2a: ["TEXT-01", "STAT-07"],
};

describe("protocol coverage matrix", () => {
  const ids = new Set(CASES.map((c) => c.id));

  it("runs each listed rule through each protocol's adapter as a suite case", () => {
    const coverage = protocolCoverage();
    expect(
      Object.fromEntries(coverage.map((p) => [p.format, p.covered.map((id) => id.split("@")[0])])),
    ).toEqual(MATRIX);
    for (const protocol of coverage) for (const id of protocol.covered) expect(ids).toContain(id);
  });

  it("explains every story a protocol does not tell", () => {
    for (const protocol of PROTOCOL_STORIES) {
      for (const name of STORY_NAMES) {
        const told = protocol.stories[name] !== undefined;
        const reason = protocol.cannot[name];
        expect(
          told !== (reason !== undefined),
          `${protocol.format} ${name}: told or explained, not both`,
        ).toBe(true);
        if (reason) expect(reason.length).toBeGreaterThan(20);
      }
    }
  });

  it("names every registered peer adapter, by stories or by where it is proven", () => {
    const named = new Set([...PROTOCOL_STORIES.map((p) => p.format), ...Object.keys(COVERED_ELSEWHERE)]);
    for (const format of [
      "ag-ui",
      "ai-sdk",
      "langgraph",
      "openai-agents",
      "a2a",
      "claude-agent-sdk",
      "codex",
      "mcp",
      "lime",
    ]) {
      expect(named).toContain(format);
      expect(ADAPTERS.map((a) => a.format)).toContain(format);
    }
  });
});
