// @vitest-environment happy-dom
// Artifact editing (ART-06/07, CTRL-02, FALL-06): save goes to the artifact owner with the base version;
// "saving…" lasts until the owner's new version is rendered; a failed save keeps the local edits apart
// from the last confirmed version.
import type { ArtifactRecord, Review } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import type { Dispatch } from "../src/commands";
import { teamRunning } from "./fixtures/team";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

function renderWorkspace(artifact: ArtifactRecord, dispatch: Dispatch, reviews?: Review[]) {
  const view = (a: ArtifactRecord, r?: Review[]) => (
    <ArtifactWorkspace artifacts={{ [a.artifactId]: a }} dispatch={dispatch} reviews={r} />
  );
  const utils = render(view(artifact, reviews));
  return { ...utils, show: (a: ArtifactRecord, r?: Review[]) => utils.rerender(view(a, r)) };
}

const report = () => teamRunning().artifacts["art-1"];
const editor = () => screen.getByRole("region", { name: "Edit artifact" });

function startEditing(text: string) {
  fireEvent.click(screen.getByRole("button", { name: "Edit text" }));
  fireEvent.change(within(editor()).getByLabelText("Artifact text"), { target: { value: text } });
}

describe("ArtifactEditor", () => {
  it("ART-06 save sends edit with the base version and reads saving… until the owner's new version", async () => {
    const rec = recordingDispatch();
    const art = report();
    const { show } = renderWorkspace(art, rec.dispatch);
    fireEvent.click(screen.getByRole("button", { name: "Edit text" }));
    const area = within(editor()).getByLabelText("Artifact text") as HTMLTextAreaElement;
    expect(area.value).toBe("# Q3 report\nRevenue grew.");
    fireEvent.change(area, { target: { value: "# Q3 report\nRevenue grew 12%." } });
    const save = within(editor()).getByRole("button", { name: "Save" });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(rec.calls).toEqual([
      { kind: "edit", artifactId: "art-1", baseVersionId: "v2", content: "# Q3 report\nRevenue grew 12%." },
    ]);
    await act(async () => rec.settle("accepted"));
    // Accepted is not saved: the version is still v2 and the editor says so.
    expect(within(editor()).getByText("saving…")).toBeTruthy();
    expect(screen.getByText("version: 2")).toBeTruthy();
    show({
      ...art,
      currentVersionId: "v3",
      versions: [...art.versions, { versionId: "v3", sourceRefs: [] }],
      preview: "# Q3 report\nRevenue grew 12%.",
    });
    expect(screen.getByText("version: 3")).toBeTruthy();
    expect(within(editor()).queryByText("saving…")).toBeNull();
    expect(within(editor()).getByRole("button", { name: "Edit text" })).toBeTruthy();
  });

  it("ART-07/CTRL-02 AS-ART-04 a failed save keeps the local edits, separate from the last confirmed version", async () => {
    const rec = recordingDispatch();
    renderWorkspace(report(), rec.dispatch);
    startEditing("my local draft");
    fireEvent.click(within(editor()).getByRole("button", { name: "Save" }));
    await act(async () => rec.settle("failed", "artifact store unavailable"));
    expect((within(editor()).getByLabelText("Artifact text") as HTMLTextAreaElement).value).toBe(
      "my local draft",
    );
    expect(within(editor()).getByText("unsaved local edits")).toBeTruthy();
    expect(within(editor()).getByRole("alert").textContent).toContain(
      "Save not applied (failed: artifact store unavailable)",
    );
    const confirmed = within(editor()).getByRole("region", { name: "Last confirmed version" });
    expect(within(confirmed).getByText("Last confirmed version (v2)")).toBeTruthy();
    expect(confirmed.textContent).toContain("Revenue grew.");
    expect(screen.getByText("version: 2")).toBeTruthy();
    fireEvent.click(within(editor()).getByRole("button", { name: "Retry save" }));
    expect(rec.calls).toHaveLength(2);
    expect(rec.calls[1]).toEqual({
      kind: "edit",
      artifactId: "art-1",
      baseVersionId: "v2",
      content: "my local draft",
    });
  });

  it("ART-07 a newer version from elsewhere shows a conflict and does not replace the draft", () => {
    const rec = recordingDispatch();
    const art = report();
    const { show } = renderWorkspace(art, rec.dispatch);
    startEditing("my local draft");
    show({ ...art, currentVersionId: "v3", preview: "someone else's text" });
    expect(within(editor()).getByRole("alert").textContent).toContain("A newer version (v3) arrived");
    expect((within(editor()).getByLabelText("Artifact text") as HTMLTextAreaElement).value).toBe(
      "my local draft",
    );
    expect(rec.calls).toEqual([]);
  });

  it("FALL-06 editing is disabled with a reason for non-text artifacts and unknown versions", () => {
    const rec = recordingDispatch();
    const { show } = renderWorkspace({ ...report(), kind: "image" }, rec.dispatch);
    expect((screen.getByRole("button", { name: "Edit text" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("not a text artifact (kind: image)")).toBeTruthy();
    show({ ...report(), currentVersionId: undefined });
    expect(screen.getByText("version: unknown — cannot edit safely")).toBeTruthy();
    show({ ...report(), preview: undefined });
    expect(screen.getByText("content: unavailable")).toBeTruthy();
  });

  it("TEAM-14 request_review on an artifact is confirmed by a new review of that artifact", async () => {
    const rec = recordingDispatch();
    const art = report();
    const reviews = teamRunning().team.reviews;
    const { show } = renderWorkspace(art, rec.dispatch, reviews);
    fireEvent.click(screen.getByRole("button", { name: "Request review" }));
    expect(rec.calls).toEqual([{ kind: "request_review", target: "art-1" }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText("Request review sent — waiting for runtime…")).toBeTruthy();
    show(art, [...reviews, { reviewId: "rev-9", target: "art-1", status: "requested", evidenceRefs: [] }]);
    expect(screen.queryByText(/waiting for runtime/)).toBeNull();
  });

  it("ART-07 unsaved edits survive closing and reopening the workspace when the host keeps the drafts", () => {
    const rec = recordingDispatch();
    const drafts = new Map();
    const workspace = () => (
      <ArtifactWorkspace artifacts={{ "art-1": report() }} dispatch={rec.dispatch} drafts={drafts} />
    );
    const first = render(workspace());
    startEditing("kept across panels");
    first.unmount();
    render(workspace());
    expect((within(editor()).getByLabelText("Artifact text") as HTMLTextAreaElement).value).toBe(
      "kept across panels",
    );
    expect(within(editor()).getByText("unsaved local edits")).toBeTruthy();
    fireEvent.click(within(editor()).getByRole("button", { name: "Discard edits" }));
    expect(drafts.size).toBe(0);
  });
});
