// What a scenario script sees: a turn scope plus helpers that emit well-formed Lime profile events for
// one family each (model text, reasoning, tools with optional approval, steer checkpoints). Scripts stay
// declarative; envelope ids, pacing and open-fact tracking live here and in the runtime.
import type { ControlCommand, RuntimeEvent } from "@agent-ui/contracts";
import { awaitAction, type DemoProcess, type Script, sleep, type Wait } from "./process";
import { chunkText, createRng, deriveSeed, preview, type Rng } from "./text";
import type { EventFields } from "./writer";

export interface TurnScope {
  sessionId: string;
  threadId: string;
  turnId: string;
  runId: string;
  /** 1-based turn number: part of every id the turn mints, so ids never collide across turns. */
  turnNo: number;
  input: string;
  seed: number;
}

/** A steer the runtime applied to the running turn at a checkpoint. */
export interface AppliedSteer {
  steerId: string;
  text: string;
}

/** The runtime services a turn script uses (implemented by the demo runtime). */
export interface TurnHost {
  emit(type: string, fields: EventFields, payload: Record<string, unknown>): RuntimeEvent;
  spawn(id: string, script: Script, parent: DemoProcess, fields: EventFields): DemoProcess;
  /** The running turn's process (parent of worker processes). */
  turnProcess(turnId: string): DemoProcess | undefined;
  /** Accepts the turn's pending steers (emitting their facts) and returns them. */
  applySteers(turnId: string): AppliedSteer[];
  /** From now on steers for this turn are rejected: it is finishing. */
  markFinishing(turnId: string): void;
  /** Registers a retry gate for a task so a `retry` write can resume it. */
  openRetryGate(taskId: string, turnId: string): string;
}

export interface ToolSpec {
  name: string;
  kind?: string;
  input: Record<string, unknown>;
  inputSummary: string;
  /** Progress messages reported while the tool runs. */
  progress?: string[];
  durationMs: number;
  /** `output` is the full body: sent beside its `ref`, so the gateway keeps it as a detail (open_detail). */
  result: { preview: string; bytes?: number; ref?: string; output?: string; artifactIds?: string[] };
  /** When set, the tool fails after its progress instead of producing the result. */
  fail?: { category: string; error: string; retryable: boolean };
  /** When set, the tool waits for a user decision before it runs. */
  approval?: {
    prompt: string;
    scope: Record<string, unknown>;
    severity?: string;
    /** The teammate's display name, for a delegated approval (HITL-09). */
    requesterName?: string;
  };
  /** Called when the approval request is out, and when the decision arrives (e.g. task waiting facts). */
  onApproval?: (phase: "requested" | "approved" | "rejected", actionId: string) => void;
}

export type ToolOutcome = "completed" | "denied" | "failed";

/** Typical logical durations (ms) of a realistic run; the driver scales them by `pace`. */
export const PACING = {
  status: 60,
  textDelta: [20, 40] as const,
  reasoningDelta: [25, 45] as const,
  toolStep: [150, 400] as const,
  decision: 50,
};

const pad = (n: number) => String(n).padStart(3, "0");

export class TurnContext {
  readonly rng: Rng;
  private stepNo = 0;

  constructor(
    private readonly host: TurnHost,
    readonly scope: TurnScope,
    /** Fields added to every event this context emits (e.g. `subagentId` for a worker). */
    private readonly defaults: EventFields = {},
    label = "turn",
  ) {
    this.rng = createRng(deriveSeed(scope.seed, `${scope.turnId}:${label}`));
  }

  /** A context whose events carry extra scope ids (a worker's `subagentId`, `taskId`). */
  scoped(defaults: EventFields, label: string): TurnContext {
    return new TurnContext(this.host, this.scope, { ...this.defaults, ...defaults }, label);
  }

  /** An id unique to this turn: `<kind>_<turnNo>_<name>`. */
  id(kind: string, name: string): string {
    return `${kind}_${pad(this.scope.turnNo)}_${name}`;
  }

  emit(type: string, payload: Record<string, unknown> = {}, fields: EventFields = {}): RuntimeEvent {
    const { threadId, turnId } = this.scope;
    return this.host.emit(type, { threadId, turnId, ...this.defaults, ...fields }, payload);
  }

  pause(ms: number): Wait {
    return sleep(ms);
  }

  /** A pause drawn from a [min, max] range, deterministic per seed. */
  jitter(range: readonly [number, number]): Wait {
    return sleep(this.rng.int(range[0], range[1]));
  }

  spawn(name: string, script: (ctx: TurnContext) => Script, defaults: EventFields): DemoProcess {
    const parent = this.host.turnProcess(this.scope.turnId);
    if (!parent) throw new Error(`turn ${this.scope.turnId} is not running`);
    const id = `${this.scope.turnId}:${name}`;
    return this.host.spawn(id, script(this.scoped(defaults, name)), parent, defaults);
  }

  /** Streams assistant text as `model.delta` chunks, reconciled by one `model.completed`. */
  *say(messageId: string, text: string): Script {
    yield* this.stream(messageId, text);
    this.complete(messageId, text);
  }

  /** Streams part of a message's text; `complete` closes the message with the whole text. */
  *stream(messageId: string, text: string): Script {
    const modelRequestId = this.id("mreq", "main");
    for (const delta of chunkText(text, this.rng)) {
      this.emit("model.delta", { messageId, delta }, { modelRequestId, status: "running" });
      yield this.jitter(PACING.textDelta);
    }
  }

  /** The final text of a message: replaces the streamed deltas (TEXT-04), never appended. */
  complete(messageId: string, text: string): void {
    this.emit(
      "model.completed",
      { messageId, text, stopReason: "end_turn", usage: { outputTokens: Math.ceil(text.length / 4) } },
      { modelRequestId: this.id("mreq", "main"), status: "completed" },
    );
  }

  /** Streams a reasoning summary, then its final `reasoning.summary`. */
  *think(messageId: string, text: string): Script {
    for (const delta of chunkText(text, this.rng, 4, 12)) {
      this.emit("reasoning.delta", { messageId, delta, visibility: "summary" });
      yield this.jitter(PACING.reasoningDelta);
    }
    this.emit("reasoning.summary", { messageId, text });
  }

  /** Runs one tool call end to end; an approval-gated tool blocks until the user decides. */
  *tool(spec: ToolSpec, outcome: { value: ToolOutcome }): Script {
    const stepId = this.id("step", String(++this.stepNo).padStart(2, "0"));
    const toolCallId = this.id("call", `${spec.name}_${this.stepNo}`);
    const ids = { stepId, toolCallId };
    this.emit(
      "tool.started",
      { toolName: spec.name, kind: spec.kind ?? "function", inputSummary: spec.inputSummary },
      { ...ids, status: "running" },
    );
    yield this.jitter([30, 60]);
    this.emit("tool.args", { input: spec.input, complete: true }, ids);
    if (spec.approval) {
      const actionId = this.id("action", `${spec.name}_${this.stepNo}`);
      this.emit(
        "action.required",
        {
          actionType: "tool_permission",
          toolName: spec.name,
          decisionKind: "allow_or_deny",
          availableDecisions: ["approve", "reject"],
          prompt: spec.approval.prompt,
          scope: spec.approval.scope,
          severity: spec.approval.severity ?? "medium",
          // A delegated approval names the teammate that asked (HITL-09).
          ...(typeof this.defaults.subagentId === "string"
            ? {
                requestedByAgentId: this.defaults.subagentId,
                ...(spec.approval.requesterName ? { agentName: spec.approval.requesterName } : {}),
              }
            : {}),
        },
        { actionId, toolCallId, status: "blocked" },
      );
      this.emit("tool.progress", { message: "Waiting for approval", awaitingActionId: actionId }, ids);
      spec.onApproval?.("requested", actionId);
      const answer = (yield awaitAction(actionId)) as Extract<ControlCommand, { kind: "respond_action" }>;
      const approved = answer.decision === "approve";
      this.emit(
        "action.resolved",
        { outcome: "resolved", decision: approved ? "approved" : "rejected", decidedBy: "user" },
        { actionId, toolCallId, status: "completed" },
      );
      spec.onApproval?.(approved ? "approved" : "rejected", actionId);
      if (!approved) {
        this.emit(
          "tool.failed",
          {
            failureCategory: "permission_denied",
            error: `The user denied ${spec.name}.`,
            denied: true,
            retryable: false,
          },
          { ...ids, status: "failed" },
        );
        outcome.value = "denied";
        return;
      }
      yield this.pause(PACING.decision);
    }
    const steps = spec.progress ?? [];
    for (let i = 0; i < steps.length; i++) {
      yield this.pause(Math.round(spec.durationMs / (steps.length + 1)));
      this.emit("tool.progress", { message: steps[i], ratio: (i + 1) / (steps.length + 1) }, ids);
    }
    yield this.pause(Math.round(spec.durationMs / (steps.length + 1)));
    if (spec.fail) {
      const { category, error, retryable } = spec.fail;
      this.emit("tool.failed", { failureCategory: category, error, retryable }, { ...ids, status: "failed" });
      outcome.value = "failed";
      return;
    }
    const { preview, bytes, ref, output, artifactIds } = spec.result;
    this.emit(
      "tool.result",
      {
        outputPreview: preview,
        ...(output !== undefined ? { output } : {}),
        ...(bytes !== undefined ? { outputBytes: bytes } : {}),
        ...(ref ? { outputRef: ref, truncated: true } : {}),
        ...(artifactIds ? { artifactIds } : {}),
      },
      { ...ids, status: "completed", ...(ref ? { outputRef: ref } : {}) },
    );
    outcome.value = "completed";
  }

  /** A point where the running turn takes steer input: pending steers are accepted (a `queue.changed`
   * fact) and their application is recorded as a reasoning note. Returns the steers applied here. */
  checkpoint(): AppliedSteer[] {
    const applied = this.host.applySteers(this.scope.turnId);
    for (const steer of applied)
      this.emit("reasoning.summary", {
        messageId: this.id("msg", steer.steerId),
        text: `Steer applied: ${preview(steer.text)}`,
      });
    return applied;
  }

  /** The last checkpoint: steers already pending are applied, later ones are rejected with a reason. */
  finishing(): void {
    this.checkpoint();
    this.host.markFinishing(this.scope.turnId);
  }

  /** Blocks the script until a `retry` write for this task arrives. */
  awaitRetry(taskId: string): Wait {
    return awaitAction(this.host.openRetryGate(taskId, this.scope.turnId));
  }
}
