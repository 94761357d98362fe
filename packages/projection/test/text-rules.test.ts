// The text family, fact by fact (TEXT-01..05, STAT-01/08, EVID-04, PROC-01): which part a delta continues,
// what a final replaces, which role a text has, when the status row says streaming, and the diagnostics of
// malformed or late text.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const parts = (state: State) =>
  state.messages.flatMap((m) => m.parts).map((p) => [p.kind, p.text, p.status, p.reconciled ?? false]);
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message, d.path]);

describe("text facts (TEXT-01..05)", () => {
  it("TEXT-03 a delta or final without string text is flagged at its pointer and adds nothing", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: ["x"] } }),
      e("text.final", { payload: { text: 42 } }),
    ]);
    expect(state.messages).toEqual([]);
    expect(diagnostics(state)).toEqual([
      ["schema_mismatch", "warning", "text.delta without a string payload.delta", "/payload/delta"],
      ["schema_mismatch", "warning", "text.final without a string payload.text", "/payload/text"],
    ]);
  });

  it.each<[unknown, string, string]>([
    ["user", "user", "user_text"],
    ["system", "system", "assistant_text"],
    ["assistant", "assistant", "assistant_text"],
    [undefined, "assistant", "assistant_text"],
  ])("TEXT-01 role %s is a %s message with a %s part", (role, messageRole, kind) => {
    const e = stream({ turnId: "t1" });
    for (const type of ["text.delta", "text.final"]) {
      const payload = type === "text.delta" ? { delta: "x", role } : { text: "x", role };
      const state = projectEvents([e(type, { payload })]);
      expect(state.messages.map((m) => [m.role, m.parts.map((p) => p.kind)])).toEqual([
        [messageRole, [kind]],
      ]);
    }
  });

  it("STAT-01 the first assistant text moves a pre-text status to streaming; user text and attention states do not", () => {
    const e = stream({ turnId: "t1" });
    expect(
      projectEvents([e("run.started"), e("text.delta", { payload: { delta: "a" } })]).runtime.status,
    ).toBe("streaming");
    const user = projectEvents([
      e("run.started"),
      e("text.delta", { payload: { delta: "a", role: "user" } }),
    ]);
    expect(user.runtime.status).toBe("accepted");
    const blocked = projectEvents([
      e("run.status", { payload: { status: "blocked" } }),
      e("text.delta", { payload: { delta: "a" } }),
    ]);
    expect(blocked.runtime.status).toBe("blocked");
  });

  it("STAT-08 text after the turn ended is kept and flagged once per turn; the row stays ended", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.started"),
      e("run.finished", {}),
      e("text.delta", { payload: { delta: "late " } }),
      e("text.delta", { payload: { delta: "and later" } }),
    ]);
    expect(state.runtime.status).toBe("completed");
    expect(parts(state)).toEqual([["assistant_text", "late and later", "streaming", false]]);
    expect(diagnostics(state)).toEqual([
      ["execution_after_turn_terminal", "info", "text after turn t1 ended", undefined],
    ]);
  });

  it("PROC-01 a delta continues the streaming text part only; after a finished part or another kind it starts a new one", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "b" } }),
      e("text.final", { payload: { text: "ab" } }),
      e("text.delta", { payload: { delta: "c" } }),
      e("text.delta", { payload: { delta: "d", role: "user" } }),
    ]);
    expect(parts(state)).toEqual([
      ["assistant_text", "ab", "done", false],
      ["assistant_text", "c", "streaming", false],
      ["user_text", "d", "streaming", false],
    ]);
  });

  it("EVID-04 a citation behind streaming text is looked past only for text of the same kind", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel", role: "system" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exporting" } }),
      e("text.delta", { payload: { delta: "lo", role: "system" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([
      ["assistant_text", "Hello"],
      ["evidence_ref", undefined],
    ]);
  });
});

describe("text.final (TEXT-04/05)", () => {
  it("TEXT-04 a final alone is one finished part, never marked reconciled", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    expect(parts(projectEvents([e("text.final", { payload: { text: "Hi" } })]))).toEqual([
      ["assistant_text", "Hi", "done", false],
    ]);
    expect(parts(projectEvents([e("text.final", { partId: "p", payload: { text: "Hi" } })]))).toEqual([
      ["assistant_text", "Hi", "done", false],
    ]);
  });

  it("TEXT-05 a differing final replaces a stream already read, and a secret it names is redacted", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const projector = createProjector();
    projector.applyAll([e("text.delta", { partId: "p", payload: { delta: "Hello wor" } })]);
    expect(parts(projector.getState())).toEqual([["assistant_text", "Hello wor", "streaming", false]]);
    const secret = "sk-live-1234567890abcdef1234567890";
    projector.applyAll([e("text.final", { partId: "p", payload: { text: `Goodbye, key ${secret}` } })]);
    const [[, text, status, reconciled]] = parts(projector.getState());
    expect([status, reconciled]).toEqual(["done", true]);
    expect(text).toMatch(/^Goodbye, key /);
    expect(text).not.toContain("sk-live-1234567890");
  });

  it("TEXT-05 a final after an empty stream fills the part without marking it reconciled", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "p", payload: { delta: "" } }),
      e("text.final", { partId: "p", payload: { text: "Hi" } }),
    ]);
    expect(parts(state)).toEqual([["assistant_text", "Hi", "done", false]]);
  });

  it("TEXT-04 a final equal to the stream split by a tool finishes every text part as it is", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "A" } }),
      e("reasoning.delta", { payload: { delta: "r" } }),
      e("text.delta", { payload: { delta: "B" } }),
      e("text.final", { payload: { text: "AB" } }),
    ]);
    expect(parts(state)).toEqual([
      ["assistant_text", "A", "done", false],
      ["reasoning_summary", "r", "streaming", false],
      ["assistant_text", "B", "done", false],
    ]);
  });

  it("TEXT-05 a differing final replaces the split stream in the first part; the other fragments are gone", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "a", payload: { delta: "A" } }),
      e("reasoning.delta", { payload: { delta: "r" } }),
      e("text.delta", { partId: "b", payload: { delta: "B" } }),
      e("text.delta", { partId: "c", payload: { delta: "C" } }),
      e("text.final", { payload: { text: "Answer" } }),
      // The removed fragment's id no longer names a part: a later delta under it is a new part.
      e("text.delta", { partId: "b", payload: { delta: "more" } }),
    ]);
    expect(
      state.messages[0].parts.map((p) => [p.id, p.kind, p.text, p.status, p.reconciled ?? false]),
    ).toEqual([
      ["a", "assistant_text", "Answer", "done", true],
      ["m1:reasoning:1", "reasoning_summary", "r", "streaming", false],
      ["b", "assistant_text", "more", "streaming", false],
    ]);
  });

  it("TEXT-05 a final keyed to one part reconciles only that part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "a", payload: { delta: "A" } }),
      e("text.delta", { partId: "b", payload: { delta: "B" } }),
      e("text.final", { partId: "b", payload: { text: "B" } }),
      e("text.final", { partId: "a", payload: { text: "A!" } }),
    ]);
    expect(parts(state)).toEqual([
      ["assistant_text", "A!", "done", true],
      ["assistant_text", "B", "done", false],
    ]);
  });
});

describe("text parts behind citations and their ids (EVID-04, PROC-01)", () => {
  const ids = (state: State) => state.messages.flatMap((m) => m.parts.map((p) => [p.id, p.kind, p.text]));

  it("PROC-01 a text part without an id is named after its message and place", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    expect(ids(projectEvents([e("text.final", { payload: { text: "A" } })]))).toEqual([
      ["m1:text:0", "assistant_text", "A"],
    ]);
    expect(
      ids(
        projectEvents([
          e("reasoning.delta", { payload: { delta: "r" } }),
          e("text.delta", { payload: { delta: "B" } }),
        ]),
      ),
    ).toEqual([
      ["m1:reasoning:0", "reasoning_summary", "r"],
      ["m1:text:1", "assistant_text", "B"],
    ]);
  });

  it("EVID-04 user text after a citation behind streaming answer text is its own part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exporting" } }),
      e("text.delta", { payload: { delta: "x", role: "user" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([
      ["assistant_text", "Hel"],
      ["evidence_ref", undefined],
      ["user_text", "x"],
    ]);
  });

  it("EVID-04 text finished behind a citation is not continued: the next delta is a new part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "p", payload: { delta: "Hel" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exporting" } }),
      e("text.final", { partId: "p", payload: { text: "Hello" } }),
      e("text.delta", { payload: { delta: " again" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text, p.status])).toEqual([
      ["assistant_text", "Hello", "done"],
      ["evidence_ref", undefined, "done"],
      ["assistant_text", " again", "streaming"],
    ]);
  });
});
