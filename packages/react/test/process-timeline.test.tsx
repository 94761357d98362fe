// @vitest-environment happy-dom
import type { TimelineEntry } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messageOfFact } from "../src/fact-navigation";
import { inlineFactIds } from "../src/live-facts";
import { EvidenceLane } from "../src/evidence-lane";
import { ProcessTimeline } from "../src/process-timeline";
import { visibleRange } from "../src/virtual-list";
import { teamApproved, teamRunning } from "./fixtures/team";
import { eventStream } from "./helpers";

afterEach(cleanup);

function entries(n: number): TimelineEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `e${i}`,
    kind: i % 2 ? "tool" : "status",
    title: `entry ${i}`,
    refs: {},
    source: { sequence: i + 1 },
  }));
}

describe("ProcessTimeline", () => {
  it("PERF-04 a 10,000-entry timeline mounts only the visible window", () => {
    const { container } = render(<ProcessTimeline entries={entries(10_000)} height={320} rowHeight={32} />);
    const rows = container.querySelectorAll(".aui-vrow");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10 + 12);
    expect(screen.getByText("10000 entries")).toBeTruthy();
  });

  it("PERF-04 scrolling moves the window", () => {
    expect(visibleRange(10_000, 32, 320, 32 * 5000, 0)).toEqual({ first: 5000, last: 5010 });
  });

  it("PROC-04 V-07 AS-TL-06 AS-MP-08 a fact live in the inline process shows only a placeholder in the timeline", () => {
    const state = teamRunning();
    render(<ProcessTimeline entries={state.timeline} inlineFactIds={inlineFactIds(state)} />);
    expect(screen.getByText("write_file — shown in the live process")).toBeTruthy();
    cleanup();
    const later = teamApproved();
    later.tools["tc-write"] = { ...later.tools["tc-write"], status: "output-available" };
    render(<ProcessTimeline entries={later.timeline} inlineFactIds={inlineFactIds(later)} />);
    expect(screen.getByText("write_file")).toBeTruthy();
  });

  it("TOOL-10/EVID-03 a selected entry shows the ids it links and its source event", () => {
    const state = teamRunning();
    state.timeline[2] = {
      ...state.timeline[2],
      source: { sequence: 41, eventId: "e-41", type: "review.completed" },
    };
    const { rerender } = render(<ProcessTimeline entries={state.timeline} />);
    expect(screen.queryByLabelText("Timeline entry detail")).toBeNull();
    rerender(<ProcessTimeline entries={state.timeline} selectedId="tl-3" />);
    const detail = screen.getByLabelText("Timeline entry detail");
    expect(detail.textContent).toContain("rev-1");
    expect(detail.textContent).toContain("review.completed #41 e-41");
    rerender(
      <ProcessTimeline entries={state.timeline} selectedId="tl-2" inlineFactIds={inlineFactIds(state)} />,
    );
    expect(screen.getByText("Shown expanded in the live process above.")).toBeTruthy();
  });

  it("AS-TL-02 AS-TU-05 after the run, tool, approval, artifact and evidence rows still name the facts they link", () => {
    const e = eventStream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("tool.started", { toolCallId: "tc-1", payload: { name: "write_file" } }),
      e("action.required", {
        actionId: "act-1",
        toolCallId: "tc-1",
        payload: { actionType: "tool_approval", title: "Allow write_file?" },
      }),
      e("action.resolved", { actionId: "act-1", payload: { outcome: "resolved", decision: "approve" } }),
      e("artifact.created", { artifactId: "art-1", toolCallId: "tc-1", payload: { title: "report.md" } }),
      e("evidence.changed", { evidenceId: "ev-1", toolCallId: "tc-1", payload: { status: "completed" } }),
      e("tool.result", {
        toolCallId: "tc-1",
        payload: { outputPreview: "wrote report.md", artifactIds: ["art-1"], evidenceIds: ["ev-1"] },
      }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    const entry = (kind: string) => state.timeline.find((t) => t.kind === kind);
    const linked = (kind: string) => {
      const id = entry(kind)?.id;
      cleanup();
      render(
        <ProcessTimeline entries={state.timeline} inlineFactIds={inlineFactIds(state)} selectedId={id} />,
      );
      return screen.getByLabelText("Timeline entry detail").textContent ?? "";
    };
    expect(linked("tool")).toMatch(/toolCallIdtc-1.*actionIdact-1.*evidenceIdev-1/);
    expect(linked("action")).toContain("actionIdact-1");
    expect(linked("action")).toContain("toolCallIdtc-1");
    expect(linked("artifact")).toMatch(/artifactIdart-1.*toolCallIdtc-1/);
    expect(linked("evidence")).toMatch(/evidenceIdev-1.*toolCallIdtc-1/);
    // The evidence lane names the tool it came from, too.
    cleanup();
    render(<EvidenceLane evidence={state.evidence} />);
    expect(screen.getByText(/^links: .*tc-1/)).toBeTruthy();
  });

  it("AS-TL-02 AS-TU-05 a selected row's linked facts are buttons for the kinds the host opens, text otherwise", () => {
    const e = eventStream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("tool.started", { toolCallId: "tc-1", messageId: "m-1", payload: { name: "write_file" } }),
      e("evidence.changed", { evidenceId: "ev-1", toolCallId: "tc-1", payload: { status: "completed" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    const evidenceRow = state.timeline.find((t) => t.kind === "evidence");
    const openEvidence = vi.fn();
    render(
      <ProcessTimeline
        entries={state.timeline}
        selectedId={evidenceRow?.id}
        links={{ evidenceId: openEvidence }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open evidence ev-1" }));
    expect(openEvidence).toHaveBeenCalledWith("ev-1");
    // No tool opener: the tool id stays text, never a dead button.
    expect(screen.queryByRole("button", { name: "Open tool tc-1" })).toBeNull();
    expect(screen.getByLabelText("Timeline entry detail").textContent).toContain("toolCallIdtc-1");
    // The conversation opens a tool at the message that shows it.
    expect(messageOfFact(state.messages, "toolCallId", "tc-1")).toBe(
      state.messages.find((m) => m.parts.some((p) => p.toolCallId === "tc-1"))?.id,
    );
    expect(messageOfFact(state.messages, "toolCallId", "tc-404")).toBeUndefined();
  });

  it("PROC-09 rows show their source sequence, filter by kind and select for focus only", () => {
    const onSelect = vi.fn();
    render(<ProcessTimeline entries={teamRunning().timeline} onSelect={onSelect} />);
    expect(screen.getByText("#20")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Filter"), { target: { value: "review" } });
    expect(screen.queryByText("Run started")).toBeNull();
    fireEvent.click(screen.getByText("Review of report.md"));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: "tl-3" }));
  });

  it("PROC-09 rows are ordered by the sequence they show, even when facts were updated in place", () => {
    const entries = teamRunning().timeline.map((e, i) => ({
      ...e,
      source: { ...e.source, sequence: i === 0 ? 999 : e.source.sequence },
    }));
    const { container } = render(<ProcessTimeline entries={entries} height={2000} />);
    const seqs = [...container.querySelectorAll(".aui-tl-seq")].map((el) => Number(el.textContent?.slice(1)));
    expect(seqs.length).toBe(entries.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs[seqs.length - 1]).toBe(999);
  });
});
