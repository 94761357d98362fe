import { describe, expect, it } from "vitest";
import { CONTROL_KINDS, MAX_IDEMPOTENCY_KEY_CHARS, commandSchema, validateCommand } from "../src";

const send = { kind: "send", idempotencyKey: "k1", text: "hi" };

describe("validateCommand: what the gateway refuses, and how it says so", () => {
  it.each([
    [null, undefined, "the command must be a JSON object"],
    [[send], undefined, "the command must be a JSON object"],
    ["send", undefined, "the command must be a JSON object"],
    [{ ...send, kind: "launch" }, "kind", `"kind" must be one of ${CONTROL_KINDS.join(", ")}`],
    [{ ...send, kind: 3 }, "kind", `"kind" must be one of ${CONTROL_KINDS.join(", ")}`],
    [{ ...send, kind: "toString" }, "kind", `"kind" must be one of ${CONTROL_KINDS.join(", ")}`],
    [{ ...send, kind: ["send"] }, "kind", `"kind" must be one of ${CONTROL_KINDS.join(", ")}`],
    [{ ...send, sessionId: "s2" }, "sessionId", `"sessionId" "s2" does not match the session in the URL`],
    [{ ...send, sessionId: null }, "sessionId", `"sessionId" null does not match the session in the URL`],
    [{ kind: "send", text: "hi" }, "idempotencyKey", `"idempotencyKey" is required for send`],
    [{ ...send, idempotencyKey: "" }, "idempotencyKey", `"idempotencyKey" must not be empty`],
    [
      { ...send, idempotencyKey: "k".repeat(MAX_IDEMPOTENCY_KEY_CHARS + 1) },
      "idempotencyKey",
      `"idempotencyKey" must NOT have more than ${MAX_IDEMPOTENCY_KEY_CHARS} characters`,
    ],
    [{ ...send, threadId: "" }, "threadId", `"threadId" must not be empty`],
    [{ ...send, text: 5 }, "text", `"text" must be string`],
    [
      { ...send, contextRefs: ["a", ""] },
      "contextRefs",
      `"contextRefs" must not be empty (at /contextRefs/1)`,
    ],
    [
      { kind: "respond_action", idempotencyKey: "k", actionId: "a", decision: "maybe" },
      "decision",
      `"decision" must be one of approve, reject, answer`,
    ],
    // Of several malformed fields the first is named; a missing field is named before any malformed one.
    [
      { kind: "respond_action", idempotencyKey: "k", actionId: "", decision: "maybe" },
      "actionId",
      `"actionId" must not be empty`,
    ],
    [
      { kind: "respond_action", idempotencyKey: 7, actionId: "a" },
      "decision",
      `"decision" is required for respond_action`,
    ],
  ])("CTRL-02 %j is refused, naming %s", (body, field, message) => {
    expect(validateCommand(body, "s1")).toEqual({ ok: false, field, message });
  });

  it("CTRL-02 a valid body is accepted: the URL's session, undeclared fields and nulls dropped", () => {
    expect(
      validateCommand(
        { ...send, sessionId: "s1", threadId: "t1", clientMessageId: null, extra: 1, turnId: "x" },
        "s1",
      ),
    ).toEqual({
      ok: true,
      command: { kind: "send", sessionId: "s1", idempotencyKey: "k1", threadId: "t1", text: "hi" },
    });
    expect(validateCommand({ kind: "interrupt", idempotencyKey: "k" }, "s9")).toEqual({
      ok: true,
      command: { kind: "interrupt", sessionId: "s9", idempotencyKey: "k" },
    });
  });

  it("CTRL-02 each kind's schema is closed and names its required fields", () => {
    expect(commandSchema("respond_action")).toMatchObject({
      type: "object",
      required: ["kind", "sessionId", "idempotencyKey", "actionId", "decision"],
      additionalProperties: false,
      properties: { kind: { const: "respond_action" }, sessionId: { type: "string" } },
    });
    expect(Object.keys(commandSchema("interrupt").properties as object).sort()).toEqual([
      "idempotencyKey",
      "kind",
      "sessionId",
      "threadId",
      "turnId",
    ]);
  });
});
