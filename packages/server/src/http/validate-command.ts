// Client input is untrusted: a command body is checked field by field against its kind before it reaches
// a runtime, so a malformed write is a 400 with a precise message instead of an exception in a source.
import { CONTROL_KINDS, type ControlCommand, type ControlKind } from "@agent-ui/contracts";
import { GatewayError } from "../gateway/errors";
import { lookupTable } from "@agent-ui/contracts";

type FieldKind = "string" | "string[]" | "object";
interface FieldRule {
  name: string;
  kind: FieldKind;
  required?: boolean;
  oneOf?: readonly string[];
}

/** Context chips the composer resolved to stable refs (COMP-01/02). */
const CONTEXT_REFS: FieldRule = { name: "contextRefs", kind: "string[]" };

const COMMON: FieldRule[] = [
  { name: "idempotencyKey", kind: "string", required: true },
  { name: "threadId", kind: "string" },
];

const RULES: Record<ControlKind, FieldRule[]> = lookupTable({
  send: [
    { name: "text", kind: "string", required: true },
    { name: "clientMessageId", kind: "string" },
    CONTEXT_REFS,
  ],
  queue: [
    { name: "text", kind: "string", required: true },
    { name: "clientMessageId", kind: "string" },
    CONTEXT_REFS,
  ],
  steer: [
    { name: "text", kind: "string", required: true },
    { name: "targetTurnId", kind: "string" },
    CONTEXT_REFS,
  ],
  interrupt: [{ name: "turnId", kind: "string" }],
  respond_action: [
    { name: "actionId", kind: "string", required: true },
    { name: "decision", kind: "string", required: true, oneOf: ["approve", "reject", "answer"] },
    { name: "payload", kind: "object" },
    { name: "agentId", kind: "string" },
  ],
  retry: [
    { name: "taskId", kind: "string" },
    { name: "toolCallId", kind: "string" },
    { name: "turnId", kind: "string" },
    { name: "agentId", kind: "string" },
  ],
  stop: [
    { name: "taskId", kind: "string" },
    { name: "agentId", kind: "string" },
  ],
  close: [{ name: "agentId", kind: "string", required: true }],
  delegate: [
    { name: "text", kind: "string", required: true },
    { name: "agentName", kind: "string" },
    { name: "role", kind: "string" },
  ],
  continue_agent: [
    { name: "agentId", kind: "string", required: true },
    { name: "text", kind: "string", required: true },
  ],
  wait: [{ name: "agentIds", kind: "string[]", required: true }],
  assign: [
    { name: "workItemId", kind: "string", required: true },
    { name: "assignee", kind: "string", required: true },
  ],
  request_review: [
    { name: "target", kind: "string", required: true },
    { name: "reviewer", kind: "string" },
  ],
  edit: [
    { name: "artifactId", kind: "string", required: true },
    { name: "baseVersionId", kind: "string" },
    { name: "content", kind: "string", required: true },
  ],
  rollback: [
    { name: "artifactId", kind: "string" },
    { name: "versionId", kind: "string" },
    { name: "turnId", kind: "string" },
  ],
  export: [
    { name: "artifactId", kind: "string" },
    { name: "evidenceId", kind: "string" },
    { name: "format", kind: "string" },
  ],
  open_detail: [{ name: "ref", kind: "string", required: true }],
  remove_queued: [{ name: "queuedId", kind: "string", required: true }],
  promote_queued: [{ name: "queuedId", kind: "string", required: true }],
});

const MAX_KEY_CHARS = 256;

/** Returns the command for `sessionId`, or throws an `invalid` `GatewayError` naming the first bad field. */
export function parseCommand(body: unknown, sessionId: string): ControlCommand {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalid("the command must be a JSON object");
  }
  const input = body as Record<string, unknown>;
  const kind = input.kind;
  if (typeof kind !== "string" || !(CONTROL_KINDS as readonly string[]).includes(kind)) {
    throw invalid(`"kind" must be one of ${CONTROL_KINDS.join(", ")}`);
  }
  if (input.sessionId !== undefined && input.sessionId !== sessionId) {
    throw invalid(`"sessionId" ${JSON.stringify(input.sessionId)} does not match the session in the URL`);
  }
  const command: Record<string, unknown> = { kind, sessionId };
  for (const rule of [...COMMON, ...RULES[kind as ControlKind]]) {
    const value = input[rule.name];
    if (value === undefined || value === null) {
      if (rule.required) throw invalid(`"${rule.name}" is required for ${kind}`);
      continue;
    }
    if (!matches(value, rule.kind)) throw invalid(`"${rule.name}" must be a ${rule.kind}`);
    if (rule.oneOf && !rule.oneOf.includes(value as string)) {
      throw invalid(`"${rule.name}" must be one of ${rule.oneOf.join(", ")}`);
    }
    command[rule.name] = value;
  }
  const key = command.idempotencyKey as string;
  if (key.length === 0 || key.length > MAX_KEY_CHARS) {
    throw invalid(`"idempotencyKey" must be 1..${MAX_KEY_CHARS} characters`);
  }
  return command as unknown as ControlCommand;
}

function matches(value: unknown, kind: FieldKind): boolean {
  if (kind === "string") return typeof value === "string";
  if (kind === "string[]") return Array.isArray(value) && value.every((v) => typeof v === "string");
  return typeof value === "object" && !Array.isArray(value);
}

function invalid(message: string): GatewayError {
  return new GatewayError("invalid", "invalid_command", message);
}
