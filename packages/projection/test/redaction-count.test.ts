// TOOL-03, SEC-02: the tool row says how many fields were redacted from its input. The count walks every branch of
// the input — nulls, numbers and arrays beside the secrets — and counts markers the adapter already wrote.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("redacted field count", () => {
  it("TOOL-03 SEC-02 nulls, numbers and arrays beside secrets neither break nor inflate the count", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", {
        payload: {
          name: "http",
          input: {
            body: null,
            retries: 3,
            tags: ["a", null, { password: "hunter2-hunter2" }],
            headers: { Authorization: "Bearer abc123def456ghi789" },
            note: "[redacted:token] and [redacted:token]",
          },
        },
      }),
    ]);
    expect(state.tools.c1?.redactedFields).toBe(4);
    expect(JSON.stringify(state)).not.toContain("hunter2-hunter2");
    expect(state.tools.c1?.inputSummary).toContain('"body":null');
  });

  it("TOOL-03 ENV-09 an input built in process with an undefined field is counted like its JSON", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", {
        payload: { name: "ls", input: { path: ".", depth: undefined, key: "[redacted:token]" } },
      }),
    ]);
    expect(state.diagnostics).toEqual([]);
    expect(state.tools.c1).toMatchObject({ status: "running", redactedFields: 1 });
  });

  it("TOOL-03 an input with nothing to redact carries no count", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "ls", input: { path: ".", all: null } } }),
    ]);
    expect(state.tools.c1).not.toHaveProperty("redactedFields");
  });

  it("TOOL-03 SEC-02 a secret nested deep in the input is redacted and counted", () => {
    let input: Record<string, unknown> = { password: "hunter2-hunter2" };
    for (let level = 0; level < 100; level++) input = { level: input };
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([e("tool.started", { payload: { name: "deep", input } })]);
    expect(JSON.stringify(state)).not.toContain("hunter2-hunter2");
    expect(state.tools.c1?.redactedFields).toBe(1);
  });
});
