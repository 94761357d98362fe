// The approval decisions a serialized RunState keeps (HITL-04). `state.approve(item)` /
// `state.reject(item)` write them into the run context before the run resumes, so unlike the stream
// the state does state the decision. Records are `{approved, rejected}`: lists of call ids, or `true`
// for "always" (every call of that tool). They live under several keys, by SDK version:
// `approvals` (keyed by tool name), `legacyFunctionApprovals`, `hostedMcpApprovals`, and since schema
// 1.x per agent under `functionApprovals[].approvals` (keyed by a state key like `["bare","delete_file"]`)
// and `approvalInvocations[].approvals`.
import { type JsonObject, asRecord, parseJson, readArray } from "../shared/record";

export type Decision = "approve" | "reject";

export interface RecordedDecisions {
  /** Decisions on single calls, by call id. */
  byCall: Map<string, Decision>;
  /** "Always" decisions, by tool name. */
  byTool: Map<string, Decision>;
}

export function recordedDecisions(context: unknown): RecordedDecisions {
  const found: RecordedDecisions = { byCall: new Map(), byTool: new Map() };
  const body = asRecord(context);
  if (body === undefined) return found;
  const tables: unknown[] = [body.approvals, body.legacyFunctionApprovals, body.hostedMcpApprovals];
  for (const key of ["functionApprovals", "approvalInvocations"])
    for (const entry of readArray(body, key) ?? []) tables.push(asRecord(entry)?.approvals);
  for (const table of tables) {
    const records = asRecord(table);
    if (records === undefined) continue;
    for (const [key, record] of Object.entries(records)) readRecord(key, asRecord(record), found);
  }
  return found;
}

/** The decision recorded for a call, by its id or by its tool's "always" record. */
export function decisionFor(
  decisions: RecordedDecisions,
  callId: string,
  toolName: string | undefined,
): Decision | undefined {
  return decisions.byCall.get(callId) ?? (toolName ? decisions.byTool.get(toolName) : undefined);
}

function readRecord(key: string, record: JsonObject | undefined, into: RecordedDecisions): void {
  if (record === undefined) return;
  const approved = record.approved;
  const rejected = record.rejected;
  // A call listed as both is contradictory: no decision is recorded for it rather than a guessed one.
  const rejectedIds = new Set(Array.isArray(rejected) ? rejected.filter(isString) : []);
  for (const id of Array.isArray(approved) ? approved.filter(isString) : [])
    if (!rejectedIds.has(id)) into.byCall.set(id, "approve");
  const approvedIds = new Set(Array.isArray(approved) ? approved.filter(isString) : []);
  for (const id of rejectedIds) if (!approvedIds.has(id)) into.byCall.set(id, "reject");
  const tool = toolNameOf(key);
  if (approved === true && rejected !== true) into.byTool.set(tool, "approve");
  if (rejected === true && approved !== true) into.byTool.set(tool, "reject");
}

/** A tool name, or a state key `["bare","delete_file"]` / `["namespace","ns","tool"]` whose last entry is it. */
function toolNameOf(key: string): string {
  if (!key.startsWith("[")) return key;
  const parts = parseJson(key);
  const last = Array.isArray(parts) ? parts.at(-1) : undefined;
  return typeof last === "string" ? last : key;
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}
