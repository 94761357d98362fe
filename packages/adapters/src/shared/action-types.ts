// Source HITL vocabularies onto the Agent UI action taxonomy (§E-5), shared by every adapter.
import type { ActionType } from "@agent-ui/contracts";
import { lookupTable } from "@agent-ui/contracts";

/** The three HITL vocabularies (surface doc, taxonomy, Lime fixture) onto the taxonomy (§E-5). */
const ACTION_TYPE_MAP: Readonly<Record<string, ActionType>> = lookupTable({
  tool_approval: "tool_approval",
  tool_permission: "tool_approval",
  approval: "tool_approval",
  tool_call_approval: "tool_approval",
  plan_decision: "plan_decision",
  plan_review: "plan_decision",
  plan_approval: "plan_decision",
  teammate_plan_decision: "teammate_plan_decision",
  structured_input: "structured_input",
  input: "structured_input",
  elicitation: "structured_input",
  form: "structured_input",
  clarification: "clarification",
  question: "clarification",
  ask_user: "clarification",
  permission: "permission_grant",
  permission_grant: "permission_grant",
  delegated_permission: "delegated_permission",
  credential_request: "credential_request",
  credential: "credential_request",
  auth: "credential_request",
  artifact_review: "artifact_review",
  review: "artifact_review",
});

export function toActionType(value: string | undefined): ActionType {
  return (value !== undefined ? ACTION_TYPE_MAP[value] : undefined) ?? "unknown";
}
