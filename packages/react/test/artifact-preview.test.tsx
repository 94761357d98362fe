// @vitest-environment happy-dom
// An artifact's full preview behind the runtime's `preview_ref` (ART-11): only the ref is in the snapshot;
// "Show preview" loads it through the host's detail loader (or asks the owner with `open_detail`), never
// during render and never by the component itself; with no path to load it the ref reads unavailable.
import type { ArtifactRecord } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { Conversation } from "../src/conversation";
import { teamRunning } from "./fixtures/team";
import { acceptingDispatch, eventStream, renderConversation } from "./helpers";

afterEach(cleanup);

const withPreviewRef = (over: Partial<ArtifactRecord> = {}): Record<string, ArtifactRecord> => {
  const art = teamRunning().artifacts["art-1"];
  return {
    "art-1": {
      ...art,
      preview: undefined,
      readRef: undefined,
      previewRef: "artifact://art-1/preview/v1",
      ...over,
    },
  };
};

describe("Artifact preview by ref", () => {
  it("ART-11 a projected preview_ref offers 'Show preview' that loads through the detail loader, on click only", async () => {
    const e = eventStream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Drafted." } }),
      e("artifact.changed", {
        artifactVersionId: "v1",
        artifactPreviewRef: "artifact://a1/preview/v1",
        payload: { title: "plan.md" },
      }),
    ]);
    expect(state.artifacts.a1?.previewRef).toBe("artifact://a1/preview/v1");
    const load = vi.fn(async (ref: string) => `# Plan (from ${ref})`);
    render(<ArtifactWorkspace artifacts={state.artifacts} loadDetail={load} />);
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(load).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Show preview" })));
    expect(load).toHaveBeenCalledWith("artifact://a1/preview/v1");
    expect(within(preview).getByText("# Plan (from artifact://a1/preview/v1)")).toBeTruthy();
  });

  it("ART-11/FALL-06 with no loader and no write path the ref reads unavailable, never a link", () => {
    render(<ArtifactWorkspace artifacts={withPreviewRef()} />);
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getByText("preview: unavailable")).toBeTruthy();
    expect(within(preview).getByText("artifact://art-1/preview/v1").tagName).toBe("CODE");
    expect(within(preview).queryByRole("link")).toBeNull();
    expect(within(preview).queryByRole("button", { name: /preview/i })).toBeNull();
  });

  it("ART-11 a loader failure says unavailable with the reason and lets the user try again", async () => {
    const load = vi.fn(async () => {
      throw new Error("ref expired");
    });
    render(<ArtifactWorkspace artifacts={withPreviewRef()} loadDetail={load} />);
    const preview = screen.getByRole("region", { name: "Preview" });
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Show preview" })));
    expect(within(preview).getByText("unavailable: ref expired")).toBeTruthy();
    expect(within(preview).getByRole("button", { name: "Show preview" })).toBeTruthy();
  });

  it("ART-11/CTRL-01 without a loader 'Show preview' asks the owner with open_detail; a refusal is shown with retry", async () => {
    const refused = acceptingDispatch("unavailable");
    render(<ArtifactWorkspace artifacts={withPreviewRef()} dispatch={refused.dispatch} />);
    const preview = screen.getByRole("region", { name: "Preview" });
    await act(async () =>
      fireEvent.click(within(preview).getByRole("button", { name: "Show preview of report.md" })),
    );
    expect(refused.calls).toEqual([{ kind: "open_detail", ref: "artifact://art-1/preview/v1" }]);
    expect(within(preview).getByRole("alert").textContent).toBe("preview not opened (unavailable: policy)");
    expect(within(preview).getByRole("button", { name: "Show preview of report.md" }).textContent).toBe(
      "Retry preview",
    );
  });

  it("ART-11 an inline preview stays, and the full preview is still offered from its ref", () => {
    render(
      <ArtifactWorkspace artifacts={withPreviewRef({ preview: "Revenue grew 4%" })} loadDetail={vi.fn()} />,
    );
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getByText("Revenue grew 4%")).toBeTruthy();
    expect(within(preview).getByRole("button", { name: "Show preview" })).toBeTruthy();
    expect(within(preview).queryByText("preview: unavailable")).toBeNull();
  });

  it("AS-ART-02 a preview still loading never holds back the answer streaming beside it", async () => {
    const e = eventStream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("text.delta", { payload: { delta: "Drafting the report. " } }),
      e("artifact.changed", {
        artifactId: "a1",
        artifactVersionId: "v1",
        artifactPreviewRef: "artifact://a1/preview/v1",
        payload: { title: "plan.md" },
      }),
    ];
    // The host's loader never answers while the answer keeps streaming.
    const load = vi.fn(() => new Promise<string>(() => {}));
    const view = (state: ReturnType<typeof projectEvents>) => (
      <>
        <Conversation
          messages={state.messages}
          tools={state.tools}
          actions={state.actions}
          agents={state.agents}
          artifacts={state.artifacts}
          dispatch={acceptingDispatch().dispatch}
        />
        <ArtifactWorkspace artifacts={state.artifacts} loadDetail={load} />
      </>
    );
    const { container, rerender } = render(view(projectEvents(events)));
    const preview = screen.getByRole("region", { name: "Preview" });
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Show preview" })));
    expect(load).toHaveBeenCalledWith("artifact://a1/preview/v1");
    events.push(e("text.delta", { payload: { delta: "Section two is done." } }));
    rerender(view(projectEvents(events)));
    const answer = [...container.querySelectorAll(".aui-answer")].map((el) => el.textContent).join("");
    expect(answer).toBe("Drafting the report. Section two is done.");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("ART-11 AS-MP-04 the artifact card in the conversation opens the workspace and offers the preview from data.previewRef through loadDetail", async () => {
    const state = teamRunning();
    const load = vi.fn(async () => "full preview body");
    state.messages[1].parts.push({
      id: "artifact:art-1",
      kind: "artifact_ref",
      status: "done",
      artifactId: "art-1",
      title: "report.md",
      data: { kind: "document", status: "ready", previewRef: "artifact://art-1/preview/v2" },
    });
    const opened: string[] = [];
    renderConversation(state, { loadDetail: load, onOpenArtifact: (id) => opened.push(id) });
    const message = screen.getByLabelText("Message from Coordinator");
    fireEvent.click(within(message).getByRole("button", { name: /^report\.md/ }));
    expect(opened).toEqual(["art-1"]);
    expect(load).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(message).getByRole("button", { name: "Show preview" })));
    expect(load).toHaveBeenCalledWith("artifact://art-1/preview/v2");
    expect(within(message).getByText("full preview body")).toBeTruthy();
  });

  it("ART-11 without a loader the conversation card asks the owner with open_detail, not a fetch", async () => {
    const state = teamRunning();
    state.messages[1].parts.push({
      id: "artifact:art-1",
      kind: "artifact_ref",
      status: "done",
      artifactId: "art-1",
      data: { previewRef: "artifact://art-1/preview/v2" },
    });
    const rec = acceptingDispatch();
    renderConversation(state, { dispatch: rec.dispatch });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show preview of report.md" })));
    expect(rec.calls).toEqual([{ kind: "open_detail", ref: "artifact://art-1/preview/v2" }]);
    expect(screen.getByText("preview requested — the runtime serves it")).toBeTruthy();
  });
});
