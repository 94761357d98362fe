import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateCommand, validateProjectionState, validateRuntimeEvent } from "../src/index";
import { fullProjectionState } from "./projection-fixture";

const action = JSON.parse(
  readFileSync(
    fileURLToPath(
      new URL(
        "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/tool-approval-action-required-event.json",
        import.meta.url,
      ),
    ),
    "utf8",
  ),
);

describe("schema errors: what a diagnostic names", () => {
  it("ENV-01 an enum of eight values still lists every value", () => {
    const artifact = { ...fullProjectionState.artifacts.art_1, status: "bogus" };
    expect(validateProjectionState({ ...fullProjectionState, artifacts: { art_1: artifact } })).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message:
          "projection state: /artifacts/art_1/status must be equal to one of the allowed values (creating, ready, updating, failed, stale, superseded, deleted, unknown)",
        path: "/artifacts/art_1/status",
      },
    ]);
  });

  it("ENV-12 a profile scope rule broken is named by its missing ids, not by the rule's if/then wrapper", () => {
    const eventRef = { eventId: "evt_action_required_001", sequence: 7, type: "tool.started" };
    const missing = (id: string) => ({
      code: "missing_scope_id",
      severity: "error",
      message: `tool.started needs ${id} under the Lime profile; the fact cannot be placed without it`,
      path: `/${id}`,
      eventRef,
    });
    const { actionId: _a, ...tool } = action;
    expect(validateRuntimeEvent({ ...tool, type: "tool.started" })).toEqual([
      missing("stepId"),
      missing("toolCallId"),
    ]);
  });
});

describe("validateCommand: null counts as absent", () => {
  it("CTRL-02 a required field sent as null is reported missing, an optional one is dropped", () => {
    expect(
      validateCommand(
        { kind: "respond_action", idempotencyKey: "k", actionId: null, decision: "approve" },
        "s1",
      ),
    ).toEqual({ ok: false, field: "actionId", message: `"actionId" is required for respond_action` });
    expect(
      validateCommand(
        { kind: "close", idempotencyKey: "k", agentId: "a1", threadId: null, sessionId: "s1" },
        "s1",
      ),
    ).toEqual({ ok: true, command: { kind: "close", sessionId: "s1", idempotencyKey: "k", agentId: "a1" } });
  });

  it("CTRL-02 an object field of the wrong type is named with Ajv's reason", () => {
    expect(
      validateCommand(
        { kind: "respond_action", idempotencyKey: "k", actionId: "a", decision: "answer", payload: "yes" },
        "s1",
      ),
    ).toEqual({ ok: false, field: "payload", message: `"payload" must be object` });
  });
});
