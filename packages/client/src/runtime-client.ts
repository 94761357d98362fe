// The typed runtime client: one method per controlled write (seed 001 §User control, CTRL-01). Each builds
// a `ControlCommand` with an idempotency key and sends it through a `WritePort`. Keys are stable where the
// intent is: an action response is keyed by `actionId + decision`, a send by its `clientMessageId`, so a
// double click or a retry is the same write (HITL-05, ORD-07); identical keys in flight share one request.
import type { ControlCommand, ControlKind, WriteResult } from "@agent-ui/contracts";
import type { WritePort } from "./write-port";

type CommandOf<K extends ControlKind> = Extract<ControlCommand, { kind: K }>;
/** A write's own fields; `idempotencyKey` overrides the derived key. */
export type WriteInput<K extends ControlKind> = Omit<
  CommandOf<K>,
  "kind" | "sessionId" | "idempotencyKey"
> & {
  idempotencyKey?: string;
};
type TextOnly<K extends "send" | "queue"> = Omit<WriteInput<K>, "clientMessageId"> & {
  clientMessageId?: string;
};

export interface SendResult extends WriteResult {
  /** Id of the optimistic user message; the runtime echoes it on the confirming fact (ENV-07). */
  clientMessageId: string;
}

export interface RuntimeClientOptions {
  sessionId: string;
  port: WritePort;
  /** Awaited before every write: `SessionClient` binds its listener here (COMP-05). */
  beforeWrite?: () => Promise<void>;
  /** Called with each new command when it is submitted, before the listener is bound (optimistic UI). A
   * repeat of a key still in flight is not a new command. */
  onSubmit?: (command: ControlCommand) => void;
  /** Called with each command right before it is written (audit, tests). */
  onWrite?: (command: ControlCommand) => void;
  /** Called with each new command's result, whatever it is (optimistic UI reconciliation). */
  onSettled?: (command: ControlCommand, result: WriteResult) => void;
  newId?: () => string;
}

export class RuntimeClient {
  private readonly inFlight = new Map<string, Promise<WriteResult>>();
  private readonly newId: () => string;

  constructor(private readonly options: RuntimeClientOptions) {
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  }

  get sessionId(): string {
    return this.options.sessionId;
  }

  send(input: TextOnly<"send">): Promise<SendResult> {
    return this.textWrite("send", input);
  }
  queue(input: TextOnly<"queue">): Promise<SendResult> {
    return this.textWrite("queue", input);
  }
  steer(input: WriteInput<"steer">) {
    return this.write("steer", input);
  }
  interrupt(input: WriteInput<"interrupt"> = {}) {
    return this.write("interrupt", input);
  }
  /** Approve / reject / answer an action. Keyed by `actionId + decision`: repeating it is harmless. */
  respondAction(input: WriteInput<"respond_action">) {
    return this.write("respond_action", input);
  }
  approve(actionId: string, payload?: Record<string, unknown>) {
    return this.respondAction({ actionId, decision: "approve", payload });
  }
  reject(actionId: string, payload?: Record<string, unknown>) {
    return this.respondAction({ actionId, decision: "reject", payload });
  }
  /** Structured input for a `user_input` / `form` / `choice` action. */
  answer(actionId: string, payload: Record<string, unknown>) {
    return this.respondAction({ actionId, decision: "answer", payload });
  }
  retry(input: WriteInput<"retry"> = {}) {
    return this.write("retry", input);
  }
  stop(input: WriteInput<"stop"> = {}) {
    return this.write("stop", input);
  }
  delegate(input: WriteInput<"delegate">) {
    return this.write("delegate", input);
  }
  continueAgent(input: WriteInput<"continue_agent">) {
    return this.write("continue_agent", input);
  }
  wait(input: WriteInput<"wait">) {
    return this.write("wait", input);
  }
  close(input: WriteInput<"close">) {
    return this.write("close", input);
  }
  assign(input: WriteInput<"assign">) {
    return this.write("assign", input);
  }
  requestReview(input: WriteInput<"request_review">) {
    return this.write("request_review", input);
  }
  edit(input: WriteInput<"edit">) {
    return this.write("edit", input);
  }
  rollback(input: WriteInput<"rollback">) {
    return this.write("rollback", input);
  }
  export(input: WriteInput<"export">) {
    return this.write("export", input);
  }
  openDetail(input: WriteInput<"open_detail">) {
    return this.write("open_detail", input);
  }
  removeQueued(input: WriteInput<"remove_queued">) {
    return this.write("remove_queued", input);
  }
  promoteQueued(input: WriteInput<"promote_queued">) {
    return this.write("promote_queued", input);
  }

  /** Sends any command kind. The key is the caller's, else derived from the intent (`derivedKey`), else
   * fresh; a `send`/`queue` without a `clientMessageId` gets one. */
  write<K extends ControlKind>(kind: K, input: WriteInput<K>): Promise<WriteResult> {
    const { idempotencyKey, ...rest } = input as WriteInput<K> & { idempotencyKey?: string };
    const fields = rest as Record<string, unknown>;
    if ((kind === "send" || kind === "queue") && typeof fields.clientMessageId !== "string") {
      fields.clientMessageId = this.newId();
    }
    const key = idempotencyKey ?? derivedKey(kind, fields) ?? `${kind}:${this.newId()}`;
    const command = {
      ...fields,
      kind,
      sessionId: this.options.sessionId,
      idempotencyKey: key,
    } as unknown as ControlCommand;
    const running = this.inFlight.get(key);
    if (running) return running.then((first) => ({ ...first, duplicate: true }));
    this.options.onSubmit?.(command);
    const attempt = (async (): Promise<WriteResult> => {
      try {
        await this.options.beforeWrite?.();
      } catch (error) {
        // Not bound means not sent: say so instead of writing blind (COMP-05, CTRL-07).
        const reason = `host_unavailable: ${error instanceof Error ? error.message : String(error)}`;
        return { status: "unavailable", idempotencyKey: key, reason };
      }
      this.options.onWrite?.(command);
      return this.options.port.write(command);
    })();
    this.inFlight.set(key, attempt);
    const clear = () => {
      if (this.inFlight.get(key) === attempt) this.inFlight.delete(key);
    };
    attempt.then(clear, clear);
    if (this.options.onSettled) {
      const settled = this.options.onSettled;
      attempt.then(
        (result) => settled(command, result),
        (error: unknown) =>
          settled(command, {
            status: "failed",
            idempotencyKey: key,
            reason: error instanceof Error ? error.message : String(error),
          }),
      );
    }
    return attempt;
  }

  private async textWrite<K extends "send" | "queue">(kind: K, input: TextOnly<K>): Promise<SendResult> {
    const clientMessageId = input.clientMessageId ?? this.newId();
    const result = await this.write(kind, { ...input, clientMessageId } as WriteInput<K>);
    return { ...result, clientMessageId };
  }
}

/** The key a repeat of the same intent shares: an action decision, a message, a queued item, a turn. */
export function derivedKey(kind: ControlKind, fields: Record<string, unknown>): string | undefined {
  const id = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : undefined);
  switch (kind) {
    case "respond_action":
      return id("actionId") && id("decision") ? `action:${id("actionId")}:${id("decision")}` : undefined;
    case "send":
    case "queue":
      return id("clientMessageId") ? `${kind}:${id("clientMessageId")}` : undefined;
    case "remove_queued":
    case "promote_queued":
      return id("queuedId") ? `${kind}:${id("queuedId")}` : undefined;
    case "interrupt":
      return id("turnId") ? `interrupt:${id("turnId")}` : undefined;
    default:
      return undefined;
  }
}
