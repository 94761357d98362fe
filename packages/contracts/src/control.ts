// Controlled writes (seed 001 §User control, CTRL-01..07). Every user write is a command addressed to the
// runtime or service that owns the fact; the UI shows its effect only when that owner's fact arrives.
// Every command carries an idempotency key: a duplicate returns the first result and produces no second
// runtime fact (AUI-AR-ACTION-004, ORD-07).
//
// Each command kind is stated once, in `COMMANDS`: its fields (a JSON Schema per field), the name of the
// client's typed write, and which fields identify a repeat of the same intent. The `ControlCommand` type,
// the gateway's validator (`validateCommand`), the client's write methods and the idempotency key
// (`commandKey`, below) are all derived from that table.
import { ANY_OBJECT, type JsonSchema, STRING, enumOf } from "./schema-builders";

/** One field of a command: its JSON Schema, whether it is required, and (type only) its TypeScript type. */
export interface CommandField<T = unknown, R extends boolean = boolean> {
  readonly schema: JsonSchema;
  readonly required: R;
  /** Carries the field's type for `ControlCommand`; never set at run time. */
  readonly valueType?: () => T;
}

function field<T>(schema: JsonSchema): CommandField<T, false> {
  return { schema, required: false };
}
function required<T>(f: CommandField<T, false>): CommandField<T, true> {
  return { schema: f.schema, required: true };
}

/** Free text (a message, a file's new content): may be empty. */
const text = field<string>(STRING);
/** A reference to a runtime fact (turn, action, agent, artifact…): never empty. */
const ref = field<string>({ type: "string", minLength: 1 });
const refs = field<string[]>({ type: "array", items: { type: "string", minLength: 1 } });
const object = field<Record<string, unknown>>(ANY_OBJECT);
const DECISIONS = ["approve", "reject", "answer"] as const;
const decision = field<(typeof DECISIONS)[number]>(enumOf(DECISIONS));

export interface CommandSpec {
  /** The name of the client's typed write for this kind (`RuntimeClient[method]`). */
  readonly method: string;
  readonly fields: Readonly<Record<string, CommandField>>;
  /** Fields that identify a repeat of the same intent: a command with all of them set gets the key
   * `<keyPrefix ?? kind>:<value>:<value>…`, so a double click or a retry is one write (HITL-05, ORD-07).
   * Without it, every write is a new intent with a fresh key. */
  readonly key?: readonly string[];
  readonly keyPrefix?: string;
  /** A field the client fills with a fresh id when the caller leaves it out (a message's id, ENV-07). */
  readonly newId?: string;
}

// `contextRefs` (send / queue / steer): stable ids of context the user attached, resolved mentions only —
// an unresolved `@mention` stays prose and is never sent as context (COMP-01/02).
export const COMMANDS = {
  send: {
    method: "send",
    fields: { text: required(text), clientMessageId: ref, contextRefs: refs },
    key: ["clientMessageId"],
    newId: "clientMessageId",
  },
  queue: {
    method: "queue",
    fields: { text: required(text), clientMessageId: ref, contextRefs: refs },
    key: ["clientMessageId"],
    newId: "clientMessageId",
  },
  steer: { method: "steer", fields: { text: required(text), targetTurnId: ref, contextRefs: refs } },
  interrupt: { method: "interrupt", fields: { turnId: ref }, key: ["turnId"] },
  respond_action: {
    method: "respondAction",
    // `agentId` routes a teammate's request back to that teammate (HITL-09).
    fields: { actionId: required(ref), decision: required(decision), payload: object, agentId: ref },
    key: ["actionId", "decision"],
    keyPrefix: "action",
  },
  retry: { method: "retry", fields: { taskId: ref, toolCallId: ref, turnId: ref, agentId: ref } },
  stop: { method: "stop", fields: { taskId: ref, agentId: ref } },
  close: { method: "close", fields: { agentId: required(ref) } },
  delegate: { method: "delegate", fields: { text: required(text), agentName: ref, role: ref } },
  continue_agent: { method: "continueAgent", fields: { agentId: required(ref), text: required(text) } },
  wait: { method: "wait", fields: { agentIds: required(refs) } },
  assign: { method: "assign", fields: { workItemId: required(ref), assignee: required(ref) } },
  request_review: { method: "requestReview", fields: { target: required(ref), reviewer: ref } },
  edit: {
    method: "edit",
    fields: { artifactId: required(ref), baseVersionId: ref, content: required(text) },
  },
  rollback: { method: "rollback", fields: { artifactId: ref, versionId: ref, turnId: ref } },
  export: { method: "export", fields: { artifactId: ref, evidenceId: ref, format: ref } },
  open_detail: { method: "openDetail", fields: { ref: required(ref) } },
  remove_queued: { method: "removeQueued", fields: { queuedId: required(ref) }, key: ["queuedId"] },
  promote_queued: { method: "promoteQueued", fields: { queuedId: required(ref) }, key: ["queuedId"] },
} as const satisfies Record<string, CommandSpec>;

type Commands = typeof COMMANDS;
export type ControlKind = keyof Commands;

export const CONTROL_KINDS: readonly ControlKind[] = Object.freeze(Object.keys(COMMANDS) as ControlKind[]);

/** The fields every command carries besides its own. */
export interface CommandBase {
  sessionId: string;
  idempotencyKey: string;
  threadId?: string;
}

type ValueOf<F> = F extends CommandField<infer T, boolean> ? T : never;
type RequiredNames<S> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** A kind's own fields as a type, read from its schema in `COMMANDS`. */
export type CommandFields<K extends ControlKind> = Flat<
  { -readonly [F in RequiredNames<Commands[K]["fields"]>]: ValueOf<Commands[K]["fields"][F]> } & {
    -readonly [F in Exclude<keyof Commands[K]["fields"], RequiredNames<Commands[K]["fields"]>>]?: ValueOf<
      Commands[K]["fields"][F]
    >;
  }
>;

/** The command of one kind. */
export type CommandOf<K extends ControlKind> = Flat<CommandBase & { kind: K } & CommandFields<K>>;

export type ControlCommand = { [K in ControlKind]: CommandOf<K> }[ControlKind];

/** The name of each kind's typed write on the client. */
export type CommandMethod<K extends ControlKind = ControlKind> = Commands[K]["method"];

/** Longest idempotency key the gateway stores. */
export const MAX_IDEMPOTENCY_KEY_CHARS = 256;

/** The key every repeat of the same intent shares (`COMMANDS[kind].key`), or undefined when the kind has
 * none, a key field is unset, or the key would exceed `MAX_IDEMPOTENCY_KEY_CHARS` (a fresh key then). */
export function commandKey(kind: ControlKind, fields: Readonly<Record<string, unknown>>): string | undefined {
  const spec: CommandSpec = COMMANDS[kind];
  if (spec.key === undefined) return undefined;
  const parts: string[] = [spec.keyPrefix ?? kind];
  for (const name of spec.key) {
    const value = fields[name];
    if (typeof value !== "string" || value === "") return undefined;
    parts.push(escapeKeyPart(value));
  }
  const key = parts.join(":");
  return key.length <= MAX_IDEMPOTENCY_KEY_CHARS ? key : undefined;
}

/** `%` and `:` escaped, so distinct values never join into the same key. */
function escapeKeyPart(value: string): string {
  return value.replaceAll("%", "%25").replaceAll(":", "%3A");
}

/** The owner's acknowledgement of a write. `accepted` means the runtime took the command, not that its
 * effect happened: that arrives as a fact on the event stream. */
export interface WriteResult {
  status: "accepted" | "rejected" | "failed" | "unavailable";
  idempotencyKey: string;
  /** True when this result is the stored first result of a repeated key. */
  duplicate?: boolean;
  reason?: string;
  /** Ids the runtime assigned, e.g. `{ turnId, messageId }` for a send (ENV-07). */
  assigned?: Record<string, string>;
}
