// The same scenario captured from each peer must project to equivalent snapshots.
// Four captures record one story — a delete_file-style tool gated by an approval, the run
// interrupted, then resumed and answered — through AG-UI, AI SDK, LangGraph and OpenAI Agents.
// Tool names and ids differ between captures, so each projection is reduced to a protocol-neutral
// summary (shape, not names) and the summaries are compared across protocols.
import { adaptRecords } from "@agent-ui/adapters";
import type { FramedRecord, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { framed, project } from "./peers-support";
import { RESUMED_APPROVAL_SUMMARY, summarizeScenario as summarize } from "./scenario-summary";

interface Capture {
  format: string;
  interrupt: string;
  resume: string;
  /** Why the capture cannot confirm how the resumed run ended: its run status is then `unknown`. */
  unconfirmedEnd?: string;
}

const CAPTURES: Capture[] = [
  { format: "ag-ui", interrupt: "agui.interrupt.events.jsonl", resume: "agui.resume.events.jsonl" },
  {
    format: "ai-sdk",
    interrupt: "ai-sdk.approval-request.uimessagechunks.jsonl",
    resume: "ai-sdk.approval-resume.uimessagechunks.jsonl",
  },
  {
    format: "langgraph",
    interrupt: "langgraph.run1-interrupt.stream-chunks.jsonl",
    resume: "langgraph.run2-resume.stream-chunks.jsonl",
    unconfirmedEnd:
      "graph.stream() tuples have no end marker and this capture has no checkpoints mode (STAT-08)",
  },
  {
    format: "openai-agents",
    interrupt: "openai-agents.approval.runstreamevents.jsonl",
    resume: "openai-agents.approval-resume.runstreamevents.jsonl",
  },
];

/**
 * Protocols left out of the equality on purpose, each with the reason. Empty: all four agree.
 * An entry here must name the adapter bug (or capture limitation) that makes the protocol differ;
 * it is never a way to weaken the assertion for the others.
 */
const KNOWN_DIFFERENCES: Record<string, string> = {};

/** Both runs through one adapter instance, as one thread would be (the resume must see the interrupt). */
function projectThread(capture: Capture): ProjectionState {
  const records: FramedRecord[] = [...framed(capture.interrupt), ...framed(capture.resume)].map(
    (record, index) => ({ ...record, index }),
  );
  return project(adaptRecords(records, capture.format).events);
}

function projectInterrupt(capture: Capture): ProjectionState {
  return project(adaptRecords(framed(capture.interrupt), capture.format).events);
}

const compared = CAPTURES.filter((capture) => !(capture.format in KNOWN_DIFFERENCES));

describe("cross-protocol: approval-gated tool, interrupt then resume", () => {
  it("ENV-01 every capture auto-detects as its own protocol", () => {
    for (const capture of CAPTURES) {
      for (const name of [capture.interrupt, capture.resume])
        expect(adaptRecords(framed(name), "auto").detected?.format, name).toBe(capture.format);
    }
  });

  it("HITL-03 TOOL-01 TEXT-04 after the resume all protocols project the same summary", () => {
    const summaries = Object.fromEntries(
      compared.map((capture) => [capture.format, summarize(projectThread(capture))]),
    );
    for (const capture of compared) {
      // Everything else agrees; a capture that cannot confirm the end shows it unknown, never completed.
      const expected =
        capture.unconfirmedEnd === undefined
          ? RESUMED_APPROVAL_SUMMARY
          : { ...RESUMED_APPROVAL_SUMMARY, runStatus: "unknown" };
      expect(summaries[capture.format], capture.format).toEqual(expected);
    }
    expect(compared.length).toBeGreaterThanOrEqual(2);
  });

  it("HITL-01 TOOL-01 after the interrupt only: one unfinished gated tool and exactly one pending approval", () => {
    for (const capture of compared) {
      const summary = summarize(projectInterrupt(capture));
      expect(summary.tools, capture.format).toHaveLength(1);
      expect(["approval-requested", "input-available"], capture.format).toContain(summary.tools[0].status);
      expect(summary.tools[0].gated, capture.format).toBe(true);
      expect(summary.approvals, capture.format).toEqual([{ status: "pending", linked: true }]);
      expect(summary.pendingApprovals, capture.format).toBe(1);
      expect(summary.errors, capture.format).toEqual([]);
      // The run stopped for the human, it did not finish: AI SDK says `action_required` (its stream
      // has no interrupt outcome: it finishes with `tool-calls` while the approval is open), the others
      // `interrupted` (an explicit interrupt outcome / paused run).
      expect(["interrupted", "action_required"], capture.format).toContain(summary.runStatus);
    }
  });

  it("HITL-03 the resume changes only the tool and approval state, never the count of either", () => {
    for (const capture of compared) {
      const before = summarize(projectInterrupt(capture));
      const after = summarize(projectThread(capture));
      expect(after.tools.length, capture.format).toBe(before.tools.length);
      expect(after.approvals.length, capture.format).toBe(before.approvals.length);
    }
  });
});
