// @vitest-environment happy-dom
// Exporting an evidence pack is a controlled write to its owner (EVID-05, CTRL-01/02): one click, one
// `export` write, "waiting for runtime" until the evidence fact changes, a refusal shown with its reason.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { EvidenceLane } from "../src/evidence-lane";
import { teamRunning } from "./fixtures/team";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

const exportButton = () => screen.getByRole("button", { name: "Export evidence pack ev-1" });

describe("Evidence export control", () => {
  it("EVID-05/CTRL-01 one click sends one export write and waits for the runtime's evidence fact", async () => {
    const rec = recordingDispatch();
    const evidence = teamRunning().evidence;
    const { rerender } = render(<EvidenceLane evidence={evidence} dispatch={rec.dispatch} />);
    fireEvent.click(exportButton());
    fireEvent.click(exportButton());
    expect(rec.calls).toEqual([{ kind: "export", evidenceId: "ev-1" }]);
    await act(async () => rec.settle("accepted"));
    const card = screen.getByLabelText("Evidence ev-1");
    expect(within(card).getByRole("status").textContent).toBe("Export pack sent — waiting for runtime…");
    const exported = {
      ...evidence,
      "ev-1": { ...evidence["ev-1"], status: "exported", packRef: "evidence://s/ev-1/export_1.json" },
    };
    rerender(<EvidenceLane evidence={exported} dispatch={rec.dispatch} />);
    expect(within(card).queryByRole("status")).toBeNull();
    expect(within(card).getByText("exported")).toBeTruthy();
  });

  it("CTRL-02 a refused export keeps the evidence as it was and says why", async () => {
    const rec = recordingDispatch();
    render(<EvidenceLane evidence={teamRunning().evidence} dispatch={rec.dispatch} />);
    fireEvent.click(exportButton());
    await act(async () => rec.settle("rejected", "Unknown evidence pack ev-1."));
    expect(screen.getByRole("alert").textContent).toContain("Unknown evidence pack ev-1.");
    expect(screen.getByRole("button", { name: "Retry export pack" })).toBeTruthy();
  });

  it("CTRL-01 while the runtime exports, the control is disabled with its reason; read-only lanes have none", () => {
    const evidence = teamRunning().evidence;
    const exporting = { ...evidence, "ev-1": { ...evidence["ev-1"], status: "exporting" } };
    render(<EvidenceLane evidence={exporting} dispatch={recordingDispatch().dispatch} />);
    expect((exportButton() as HTMLButtonElement).disabled).toBe(true);
    expect(exportButton().textContent).toBe("Exporting…");
    cleanup();
    render(<EvidenceLane evidence={evidence} />);
    expect(screen.queryByRole("button", { name: /Export evidence pack/ })).toBeNull();
  });
});
