import { describe, expect, it } from "vitest";
import { satisfiesScopeRule, scopeRuleFor } from "../src/index";

describe("scope ids: which id places a fact (ENV-04, ENV-12)", () => {
  it.each([
    ["tool.started", ["toolCallId"], false],
    ["action.required", ["actionId"], false],
    ["artifact.changed", ["artifactId"], true],
    ["evidence.changed", ["evidenceId", "evidencePackRef", "evidenceRefs"], true],
    ["agent.changed", ["agentId"], false],
    ["review.changed", ["reviewId"], true],
    ["text.delta", ["messageId"], false],
    ["task.changed", ["taskId"], false],
    ["worker.notification", ["agentId", "taskId"], false],
  ])("ENV-04 %s needs one of %j (refs suffice: %s)", (type, anyOf, refsSuffice) => {
    expect(scopeRuleFor(type)).toEqual({ anyOf, refsSuffice });
  });

  it("ENV-04 classes of other families and inherited names have no rule", () => {
    for (const type of ["run.started", "turn.started", "toString", "constructor.x", "__proto__"])
      expect(scopeRuleFor(type)).toBeUndefined();
  });

  it("ENV-12 an id counts only when present: a non-empty string, array or object", () => {
    const rule = scopeRuleFor("evidence.changed")!;
    for (const value of ["e1", ["r"], { uri: "x" }])
      expect(satisfiesScopeRule({ evidenceRefs: value }, rule)).toBe(true);
    for (const value of ["", [], {}, null, 0, 1, true, undefined])
      expect(satisfiesScopeRule({ evidenceId: value, evidenceRefs: value }, rule)).toBe(false);
    expect(satisfiesScopeRule({ evidenceId: "", evidencePackRef: "pack" }, rule)).toBe(true);
  });

  it("ENV-12 refs place a fact only where the rule allows them", () => {
    const tool = scopeRuleFor("tool.result")!;
    const artifact = scopeRuleFor("artifact.changed")!;
    expect(satisfiesScopeRule({ refs: ["a"] }, tool)).toBe(false);
    expect(satisfiesScopeRule({ refs: ["a"] }, artifact)).toBe(true);
    expect(satisfiesScopeRule({ refs: [] }, artifact)).toBe(false);
    expect(satisfiesScopeRule({ refs: { read: "r" } }, artifact)).toBe(true);
    expect(satisfiesScopeRule({ toolCallId: "c1" }, tool)).toBe(true);
  });
});
