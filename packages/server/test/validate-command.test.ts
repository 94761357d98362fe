import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyKind, corruptedCommand, fieldsOf } from "../../contracts/test/command-arbitraries";
import { GatewayError } from "../src/gateway/errors";
import { parseCommand } from "../src/http/validate-command";

describe("command validation", () => {
  it("COMP-02 resolved context refs on send, queue and steer reach the runtime", () => {
    for (const kind of ["send", "queue", "steer"] as const) {
      const command = parseCommand(
        { kind, text: "summarize", idempotencyKey: `k-${kind}`, contextRefs: ["file:README.md"] },
        "s1",
      );
      expect(command).toMatchObject({ kind, sessionId: "s1", contextRefs: ["file:README.md"] });
    }
  });

  it("CTRL-02 malformed context refs are a 400, not a silent drop", () => {
    expect(() =>
      parseCommand({ kind: "send", text: "x", idempotencyKey: "k", contextRefs: [42] }, "s1"),
    ).toThrow(/contextRefs/);
  });
});

describe("command validation derived from the command table", () => {
  it("CTRL-02 property: for every kind, a command with one broken field is an invalid_command naming it", () => {
    fc.assert(
      fc.property(
        anyKind.chain((kind) => corruptedCommand(kind)),
        ({ kind, body, field }) => {
          const refusal = refusalOf(() => parseCommand(body, "s1"));
          expect(refusal, `${kind} with a broken "${field}" was accepted`).toBeInstanceOf(GatewayError);
          expect(refusal).toMatchObject({ kind: "invalid", code: "invalid_command" });
          expect((refusal as GatewayError).message).toContain(`"${field}"`);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("CTRL-02 property: every kind's valid fields are accepted as they are, unknown fields dropped", () => {
    fc.assert(
      fc.property(
        anyKind.chain((kind) => fieldsOf(kind).map((fields) => ({ kind, fields }))),
        ({ kind, fields }) => {
          const command = parseCommand({ kind, idempotencyKey: "k", unknownField: 1, ...fields }, "s1");
          expect(command).toEqual({ kind, sessionId: "s1", idempotencyKey: "k", ...fields });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("CTRL-02 a body that is not an object, an unknown kind, or another session's id is refused", () => {
    expect(() => parseCommand([], "s1")).toThrow(/JSON object/);
    expect(() => parseCommand({ kind: "dance", idempotencyKey: "k" }, "s1")).toThrow(/"kind" must be one of/);
    expect(() => parseCommand({ kind: "interrupt", idempotencyKey: "k", sessionId: "s2" }, "s1")).toThrow(
      /"sessionId"/,
    );
    expect(() => parseCommand({ kind: "interrupt", idempotencyKey: "k".repeat(257) }, "s1")).toThrow(
      /"idempotencyKey"/,
    );
  });
});

function refusalOf(run: () => unknown): unknown {
  try {
    run();
    return undefined;
  } catch (error) {
    return error;
  }
}
