// @vitest-environment happy-dom
import type { ToolRecord } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ToolRow } from "../src/tool-row";
import { ToolThresholdsProvider } from "../src/tool-thresholds";
import { acceptingDispatch, eventStream } from "./helpers";

afterEach(cleanup);

const base: ToolRecord = {
  toolCallId: "tc-1",
  name: "search",
  status: "running",
  inputSummary: "query=revenue",
  attempts: [],
  artifactIds: [],
  evidenceIds: [],
};

describe("ToolRow", () => {
  it("TOOL-01 shows input summary and live progress while running", () => {
    render(<ToolRow tool={{ ...base, progress: { message: "page 2 of 4", ratio: 0.5 } }} />);
    expect(screen.getByText("query=revenue")).toBeTruthy();
    expect(screen.getByText("page 2 of 4")).toBeTruthy();
    expect((screen.getByLabelText("search progress") as HTMLProgressElement).value).toBe(0.5);
  });

  it("TOOL-02/05 AS-TU-02 AS-MP-02 large output shows a preview and a size, the rest only on demand via its ref", () => {
    const { dispatch, calls } = acceptingDispatch();
    const big = "x".repeat(2000);
    render(
      <ToolRow
        tool={{
          ...base,
          status: "output-available",
          outputPreview: big,
          outputBytes: 2000,
          outputRef: "out://tc-1",
        }}
        dispatch={dispatch}
      />,
    );
    expect(screen.getByText(/2000 bytes/)).toBeTruthy();
    expect(document.body.textContent).not.toContain(big);
    expect(screen.queryByRole("button", { name: "Open full output" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Details" }));
    fireEvent.click(screen.getByRole("button", { name: "Open full output" }));
    expect(calls).toEqual([{ kind: "open_detail", ref: "out://tc-1" }]);
  });

  it("TOOL-05 with a detail loader the full output is read from its owner and shown in place, on demand only", async () => {
    const { dispatch, calls } = acceptingDispatch();
    const asked: string[] = [];
    const loadDetail = async (ref: string) => {
      asked.push(ref);
      return "line 1\nline 2\nFULL-OUTPUT-END";
    };
    render(
      <ToolRow
        tool={{ ...base, status: "output-available", outputPreview: "line 1", outputRef: "out://tc-1" }}
        dispatch={dispatch}
        loadDetail={loadDetail}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Details" }));
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Open full output" }));
    expect(await screen.findByText(/FULL-OUTPUT-END/)).toBeTruthy();
    expect(asked).toEqual(["out://tc-1"]);
    // Reading a detail is not a write to the runtime.
    expect(calls).toEqual([]);
  });

  it("TOOL-05 AS-TU-01 empty output says so", () => {
    render(<ToolRow tool={{ ...base, status: "output-available" }} />);
    expect(screen.getByText("No output")).toBeTruthy();
  });

  it("TOOL-03 tells how many input fields were redacted", () => {
    render(<ToolRow tool={{ ...base, redactedFields: 2 }} />);
    expect(screen.getByText("2 field(s) redacted")).toBeTruthy();
  });

  it("TOOL-08 errors render as recoverable failure UI with retry through the runtime", () => {
    const { dispatch, calls } = acceptingDispatch();
    render(
      <ToolRow
        tool={{
          ...base,
          status: "output-error",
          turnId: "t1",
          error: { message: "rate limited", category: "provider", retryable: true },
        }}
        dispatch={dispatch}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("provider: rate limited");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(calls).toEqual([{ kind: "retry", toolCallId: "tc-1", turnId: "t1" }]);
  });

  it("AS-TU-03 a failed tool keeps its stderr preview beside the error", () => {
    const e = eventStream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "tc-b", payload: { name: "build" } }),
      e("tool.output.delta", {
        toolCallId: "tc-b",
        payload: { delta: "src/a.ts(3,1): error TS2304: Cannot find name 'x'.", channel: "stderr" },
      }),
      e("tool.failed", { toolCallId: "tc-b", payload: { error: "exit code 2" } }),
    ]);
    const tool = state.tools["tc-b"];
    expect(tool?.status).toBe("output-error");
    render(<ToolRow tool={tool as ToolRecord} />);
    expect(screen.getByRole("alert").textContent).toContain("exit code 2");
    expect(screen.getByText("src/a.ts(3,1): error TS2304: Cannot find name 'x'.")).toBeTruthy();
  });

  it("TOOL-07 keeps every attempt with its own status in the detail", () => {
    render(
      <ToolRow
        tool={{
          ...base,
          attempts: [
            { attempt: 1, status: "output-error", error: { message: "timeout" } },
            { attempt: 2, status: "running" },
          ],
        }}
        defaultOpen
      />,
    );
    const attempts = screen.getByLabelText("Attempts");
    expect(attempts.textContent).toContain("attempt 1");
    expect(attempts.textContent).toContain("timeout");
    expect(attempts.textContent).toContain("attempt 2");
  });

  it("FALL-01 an unknown tool name is shown as unknown", () => {
    render(<ToolRow tool={{ ...base, name: "unknown" }} />);
    expect(screen.getByLabelText("Tool unknown")).toBeTruthy();
  });

  it("TOOL-06 the product's thresholds decide the context warning and when the whole output needs a click", () => {
    const e = eventStream({ turnId: "t1" });
    const output = "line\n".repeat(40); // 200 bytes, kept whole by the projection
    const state = projectEvents([
      e("tool.started", { toolCallId: "tc-1", payload: { name: "read_file", input: { path: "a.txt" } } }),
      e("tool.result", { toolCallId: "tc-1", payload: { output } }),
    ]);
    const tool = state.tools["tc-1"];
    expect(tool.outputText).toBe(output);
    // Defaults: small output, no warning; its details show it whole in place.
    const { rerender } = render(<ToolRow tool={tool} defaultOpen />);
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.getByLabelText("Full output").textContent).toBe(output);
    // A product with tight thresholds: 200 bytes is past expandBytes and 50 tokens meets contextWarnTokens.
    rerender(
      <ToolThresholdsProvider thresholds={{ expandBytes: 199, contextWarnTokens: 50 }}>
        <ToolRow tool={tool} defaultOpen />
      </ToolThresholdsProvider>,
    );
    expect(screen.getByRole("note").textContent).toBe("Large for the model's context: about 50 tokens");
    expect(screen.queryByLabelText("Full output")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show full output" }));
    expect(screen.getByLabelText("Full output").textContent).toBe(output);
  });
});
