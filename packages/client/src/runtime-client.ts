// The typed runtime client: one write per command kind (seed 001 §User control, CTRL-01), generated from
// the command table in contracts (`COMMANDS`): `write(kind, fields)` and a named helper per kind
// (`send`, `respondAction`, …). Each builds a `ControlCommand` with an idempotency key and sends it through
// a `WritePort`. Keys are stable where the intent is (`commandKey`): an action response is keyed by
// `actionId + decision`, a send by its `clientMessageId`, so a double click or a retry is the same write
// (HITL-05, ORD-07); identical keys in flight share one request.
import {
  COMMANDS,
  CONTROL_KINDS,
  type CommandFields,
  type CommandMethod,
  type CommandSpec,
  type ControlCommand,
  type ControlKind,
  type WriteResult,
  commandKey,
} from "@agent-ui/contracts";
import type { WritePort } from "./write-port";

/** The field the client fills with a fresh id for a kind (`COMMANDS[kind].newId`), if any. */
type NewIdField<K extends ControlKind> = (typeof COMMANDS)[K] extends { newId: infer F extends string }
  ? F
  : never;

/** A write's own fields; `idempotencyKey` overrides the derived key, and a field the client fills with a
 * fresh id (a send's `clientMessageId`) may be left out. */
export type WriteInput<K extends ControlKind> = Flat<
  Omit<CommandFields<K>, NewIdField<K>> &
    Partial<Pick<CommandFields<K>, NewIdField<K> & keyof CommandFields<K>>> & { idempotencyKey?: string }
>;
type Flat<T> = { [F in keyof T]: T[F] } & {};

/** The acknowledgement, plus the ids the client generated for the command (a send's `clientMessageId`). */
export type WriteResultOf<K extends ControlKind> = WriteResult & { [F in NewIdField<K>]: string };

export type SendResult = WriteResultOf<"send">;

/** A kind's input may be omitted when none of its fields is required (`interrupt()`, `retry()`). */
type WriteArgs<K extends ControlKind> =
  object extends WriteInput<K> ? [input?: WriteInput<K>] : [input: WriteInput<K>];

/** The named writes, one per command kind, typed from the command table. */
export type NamedWrites = {
  [K in ControlKind as CommandMethod<K>]: (...input: WriteArgs<K>) => Promise<WriteResultOf<K>>;
};

/** Every write method of `RuntimeClient`: one per command kind plus the action shortcuts. */
export type WriteMethod = CommandMethod | "approve" | "reject" | "answer";

export const WRITE_METHODS: readonly WriteMethod[] = [
  ...CONTROL_KINDS.map((kind) => COMMANDS[kind].method),
  "approve",
  "reject",
  "answer",
];

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

// The named writes (`NamedWrites`) are merged in below and defined on the prototype from `COMMANDS`.
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: every merged method is defined right after the class.
export class RuntimeClient {
  private readonly inFlight = new Map<string, Promise<WriteResult>>();
  private readonly newId: () => string;

  constructor(private readonly options: RuntimeClientOptions) {
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  }

  get sessionId(): string {
    return this.options.sessionId;
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

  /** Sends any command kind. The key is the caller's, else the one a repeat of the same intent shares
   * (`commandKey`), else fresh; a field the kind generates (a send's `clientMessageId`) is filled in and
   * returned with the result. */
  write<K extends ControlKind>(kind: K, input: WriteInput<K>): Promise<WriteResultOf<K>> {
    const spec: CommandSpec = COMMANDS[kind];
    const fields: Record<string, unknown> = {};
    // `kind`, `sessionId` and the key given are set on the command below, over any field of that name.
    for (const [name, value] of Object.entries(input)) if (value !== undefined) fields[name] = value;
    const generated: Record<string, string> = {};
    if (spec.newId !== undefined) {
      if (typeof fields[spec.newId] !== "string") fields[spec.newId] = this.newId();
      generated[spec.newId] = fields[spec.newId] as string;
    }
    const key = input.idempotencyKey ?? commandKey(kind, fields) ?? `${kind}:${this.newId()}`;
    const command = { ...fields, kind, sessionId: this.options.sessionId, idempotencyKey: key };
    const result = this.submit(command as ControlCommand);
    return result.then((r) => ({ ...r, ...generated }) as WriteResultOf<K>);
  }

  private submit(command: ControlCommand): Promise<WriteResult> {
    const key = command.idempotencyKey;
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
}

// The named writes are generated from the command table: `client.respondAction(input)` is
// `client.write("respond_action", input)`.
export interface RuntimeClient extends NamedWrites {}
for (const kind of CONTROL_KINDS) {
  Object.defineProperty(RuntimeClient.prototype, COMMANDS[kind].method, {
    value(this: RuntimeClient, input: WriteInput<typeof kind> = {} as WriteInput<typeof kind>) {
      return this.write(kind, input);
    },
    writable: true,
    configurable: true,
  });
}
