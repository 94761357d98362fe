// Conditional ids of the Agent UI envelope (ENV-04, seed 001 §Event envelope, seed 003 §Validation): a
// family's facts are keyed by these ids, so without them the reducer cannot place the fact.
import type { AgentUiEvent } from "./envelope";
import { familyOf } from "./envelope";
import { lookupTable } from "./lookup-table";

export interface ScopeRule {
  /** Any one of these fields satisfies the rule. */
  anyOf: readonly (keyof AgentUiEvent & string)[];
  /** `refs` (non-empty) also satisfies the rule. */
  refsSuffice: boolean;
}

const FAMILY_RULES: Record<string, ScopeRule> = lookupTable({
  tool: { anyOf: ["toolCallId"], refsSuffice: false },
  action: { anyOf: ["actionId"], refsSuffice: false },
  artifact: { anyOf: ["artifactId"], refsSuffice: true },
  evidence: { anyOf: ["evidenceId", "evidencePackRef", "evidenceRefs"], refsSuffice: true },
  agent: { anyOf: ["agentId"], refsSuffice: false },
  review: { anyOf: ["reviewId"], refsSuffice: true },
  text: { anyOf: ["messageId"], refsSuffice: false },
});

const CLASS_RULES: Record<string, ScopeRule> = lookupTable({
  "task.changed": { anyOf: ["taskId"], refsSuffice: false },
  "worker.notification": { anyOf: ["agentId", "taskId"], refsSuffice: false },
});

/** The scope rule for an event class, if it has one. */
export function scopeRuleFor(type: string): ScopeRule | undefined {
  return CLASS_RULES[type] ?? FAMILY_RULES[familyOf(type)];
}

/** True when the event carries one of the ids its class needs (or a non-empty `refs` where allowed). */
export function satisfiesScopeRule(event: Record<string, unknown>, rule: ScopeRule): boolean {
  for (const field of rule.anyOf) if (isPresent(event[field])) return true;
  return rule.refsSuffice && isPresent(event.refs);
}

function isPresent(value: unknown): boolean {
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object" && value !== null) return Object.keys(value).length > 0;
  return false;
}
