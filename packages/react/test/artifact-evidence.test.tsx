// @vitest-environment happy-dom
import { projectEvents } from "@agent-ui/projection";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { EvidenceLane } from "../src/evidence-lane";
import { teamRunning } from "./fixtures/team";
import { acceptingDispatch, eventStream, recordingDispatch } from "./helpers";

afterEach(cleanup);

describe("ArtifactWorkspace", () => {
  it("ART-04/05 shows preview, versions and export state of the selected artifact", () => {
    render(<ArtifactWorkspace artifacts={teamRunning().artifacts} />);
    const art = screen.getByLabelText("Artifact report.md");
    expect(within(art).getByText(/Revenue grew/)).toBeTruthy();
    expect(within(screen.getByLabelText("Versions")).getByText("Version 1")).toBeTruthy();
    expect(within(art).getByText("export: none")).toBeTruthy();
  });

  it("ART-02/FALL-05 a missing kind reads unknown and no preview reads unavailable", () => {
    const artifacts = {
      x: {
        ...teamRunning().artifacts["art-1"],
        artifactId: "x",
        kind: "unknown" as const,
        preview: undefined,
        readRef: undefined,
      },
    };
    render(<ArtifactWorkspace artifacts={artifacts} />);
    expect(screen.getAllByText("kind: unknown").length).toBeGreaterThan(0);
    expect(screen.getByText("preview: unavailable")).toBeTruthy();
  });

  it("ART-06/09 export goes through the owner and shows progress only from its state", () => {
    const { dispatch, calls } = acceptingDispatch();
    const artifacts = teamRunning().artifacts;
    const { rerender } = render(<ArtifactWorkspace artifacts={artifacts} dispatch={dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    expect(calls).toEqual([{ kind: "export", artifactId: "art-1" }]);
    expect(screen.getByText("export: none")).toBeTruthy();
    rerender(
      <ArtifactWorkspace
        artifacts={{ "art-1": { ...artifacts["art-1"], export: { status: "exporting" } } }}
        dispatch={dispatch}
      />,
    );
    expect((screen.getByRole("button", { name: "Exporting…" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("AS-ART-06 export progress is shown from its state; a refused or failed export says so and can be sent again", async () => {
    const rec = recordingDispatch();
    const art = teamRunning().artifacts["art-1"];
    const show = (exp: (typeof art)["export"]) => (
      <ArtifactWorkspace artifacts={{ "art-1": { ...art, export: exp } }} dispatch={rec.dispatch} />
    );
    const { rerender } = render(show({ status: "none" }));
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    await act(async () => rec.settle("rejected", "export quota reached"));
    expect(screen.getByRole("alert").textContent).toContain("export quota reached");
    expect(screen.getByText("export: none")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Retry/ }));
    await act(async () => rec.settle("accepted"));
    rerender(show({ status: "exporting", exportId: "x1" }));
    expect((screen.getByRole("button", { name: "Exporting…" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("export: exporting")).toBeTruthy();
    rerender(show({ status: "failed", exportId: "x1" }));
    expect(screen.getByText("export: failed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Export again" }));
    expect(rec.calls).toEqual([
      { kind: "export", artifactId: "art-1" },
      { kind: "export", artifactId: "art-1" },
      { kind: "export", artifactId: "art-1" },
    ]);
  });

  it("AS-ART-07 an artifact names the turn, tool, task, source event, sources and evidence it came from", () => {
    const e = eventStream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "tc-1", payload: { name: "write_file" } }),
      e("artifact.created", {
        artifactId: "art-1",
        toolCallId: "tc-1",
        taskId: "task-7",
        artifactKind: "document",
        sourceRefs: ["https://example.com/q3"],
        payload: { title: "report.md" },
      }),
      e("evidence.changed", { evidenceId: "ev-1", artifactId: "art-1", payload: { status: "completed" } }),
    ]);
    render(<ArtifactWorkspace artifacts={state.artifacts} />);
    const links = screen.getByLabelText("Links of report.md").textContent;
    expect(links).toContain("turnt1");
    expect(links).toContain("tooltc-1");
    expect(links).toContain("tasktask-7");
    expect(links).toContain("source eventartifact.created #2");
    expect(links).toContain("sourceshttps://example.com/q3");
    expect(links).toContain("evidenceev-1");
    cleanup();
    // An artifact whose facts name none of them lists nothing.
    const bare = projectEvents([e("artifact.created", { artifactId: "a2", turnId: undefined })]);
    render(<ArtifactWorkspace artifacts={{ a2: { ...bare.artifacts.a2, source: undefined } }} />);
    expect(screen.queryByLabelText(/^Links of/)).toBeNull();
  });

  it("ART-08 AS-ART-05 the diff between explicit versions loads on demand", async () => {
    const load = vi.fn(async () => "- old\n+ new");
    render(<ArtifactWorkspace artifacts={teamRunning().artifacts} loadDetail={load} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show diff" })));
    expect(load).toHaveBeenCalledWith("diff://art-1/v1..v2");
    expect(screen.getByText(/\+ new/)).toBeTruthy();
  });
});

describe("EvidenceLane", () => {
  it("EVID-10 the pack payload loads only when asked", async () => {
    const load = vi.fn(async () => "pack contents");
    render(<EvidenceLane evidence={teamRunning().evidence} loadDetail={load} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load pack" })));
    expect(load).toHaveBeenCalledWith("pack://ev-1");
    expect(screen.getByText("pack contents")).toBeTruthy();
  });

  it("EVID-02/FALL-05 verification that did not run is unavailable, never passed", () => {
    const { container } = render(<EvidenceLane evidence={teamRunning().evidence} />);
    const card = screen.getByLabelText("Evidence ev-1");
    expect(within(card).getAllByText("unavailable").length).toBeGreaterThanOrEqual(2);
    expect(container.textContent).not.toMatch(/passed/);
  });

  it("EVID-03 AS-TL-05 replay and review links come from the same evidence fact, reviews link by evidence ref", () => {
    const s = teamRunning();
    render(<EvidenceLane evidence={s.evidence} reviews={s.team.reviews} />);
    const card = screen.getByLabelText("Evidence ev-1");
    expect(within(card).getByText("replay://ev-1")).toBeTruthy();
    expect(within(card).getByText("source #40")).toBeTruthy();
    expect(
      within(screen.getByLabelText("Linked reviews")).getByText("verdict: changes_requested"),
    ).toBeTruthy();
  });

  it("EVID-06 reports no fabricated gaps; an empty lane says unavailable", () => {
    render(<EvidenceLane evidence={teamRunning().evidence} />);
    expect(screen.getByText("none reported")).toBeTruthy();
    cleanup();
    render(<EvidenceLane evidence={{}} />);
    expect(screen.getByText("evidence: unavailable")).toBeTruthy();
  });
});
