// Per-stream state of the AI SDK adapter: the assistant message being built, open text/reasoning parts
// (their text kept within one budget, joined once at their end), tool names and pending approvals.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, LimitNotices } from "../shared/bounded";
import type { CappedText, TextBudget } from "../shared/capped-text";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { partTextBudget } from "../shared/part-text";
import type { JsonObject } from "../shared/record";
import type { SafeOptions } from "../shared/safe-payload";
import type { StepItem } from "./steps";

export interface OpenPart {
  kind: "text" | "reasoning";
  /** The part id on the Agent UI side (the chunk id, or a suffixed id when a source id is reused). */
  partId: string;
  /** The text streamed so far (within the open parts' budget), for the final. */
  text: CappedText;
  /** A delta of it was emitted (a `reset-step` must then take the shown text back). */
  shown: boolean;
}

/** Part ids remembered to number a reused id's parts; the oldest forgotten first. */
export const MAX_PART_IDS = 16_384;
/** Tool calls remembered (names, started, finished); finished ones forgotten first, then the oldest. */
export const MAX_TOOL_CALLS = 4096;
/** Tool approvals remembered (which call each gates, whether a policy decided it). */
export const MAX_APPROVALS = 1024;
/** Text and reasoning parts open at once; past it the one opened longest ago ends (its final is stated). */
export const MAX_OPEN_PARTS = 1024;
/** Steers a queue snapshot lists; the oldest leave it first. */
export const MAX_STEERS = 256;
/** What one step added that a `reset-step` can take back; later additions stay visible after one. */
export const MAX_STEP_ITEMS = 4096;

/** The limits of the tables that are not `BoundedTable`s (their overflow ends or drops an entry). */
export const OPEN_PARTS_LIMIT = {
  table: "open part",
  cap: MAX_OPEN_PARTS,
  consequence: "the part opened longest ago ends early: its text so far is stated final",
};
export const STEERS_LIMIT = {
  table: "steer",
  cap: MAX_STEERS,
  consequence: "the oldest steers leave the queue snapshot",
};
export const STEP_ITEMS_LIMIT = {
  table: "step item",
  cap: MAX_STEP_ITEMS,
  consequence: "a reset-step leaves what the step added past the cap visible",
};

export class AiSdkState {
  constructor(
    /** What a tool approval's action id is (`AdapterOptions.toolApprovalIds`): the tool call id unless
     * the caller asks for the SDK's approval id — the call id is the one key the continuation carries. */
    readonly toolApprovalIds: "source" | "tool-call" = "tool-call",
  ) {}

  /** The assistant message id from `start`, or the synthetic key of an unnamed one (see `start`). */
  messageId?: string;
  /** The message the turn started with (`start`): steers target it; after a steer `messageId` moves on. */
  turnMessageId?: string;
  /** Responses started in this stream: numbers unnamed messages. */
  starts = 0;
  readonly parts = new Map<string, OpenPart>();
  /** Tables that reached their cap, each reported once (the adapter states them as diagnostics). */
  readonly limits = new LimitNotices();
  /** What the open parts' texts keep together (`MAX_PART_TEXT_CHARS`). */
  readonly textBudget: TextBudget = partTextBudget();
  /** How many parts reused each source id (duplicate `text-start` ids get their own part). */
  readonly reuse = new BoundedTable<number>(
    {
      table: "part id",
      cap: MAX_PART_IDS,
      consequence: "the oldest are forgotten; a forgotten id started again numbers its parts anew",
    },
    this.limits,
    true,
  );
  readonly toolNames = new BoundedTable<string>(
    {
      table: "tool name",
      cap: MAX_TOOL_CALLS,
      consequence: "finished calls are forgotten first; a forgotten call's later chunks state no name",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );
  readonly startedTools = new BoundedTable<true>(
    {
      table: "started tool",
      cap: MAX_TOOL_CALLS,
      consequence: "finished calls are forgotten first; a forgotten open call's next chunk starts it again",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );
  /** Calls whose outcome this stream stated (output, error, denial). */
  readonly finishedTools = new BoundedTable<true>(
    {
      table: "finished tool",
      cap: MAX_TOOL_CALLS,
      consequence: "the oldest are forgotten; a forgotten call's repeated outcome is stated again",
    },
    this.limits,
    true,
  );
  /** toolCallId → action id of its approval still awaiting a decision (one per call at most). */
  readonly pendingApprovals = new BoundedTable<string>(
    {
      table: "pending approval",
      cap: MAX_TOOL_CALLS,
      consequence: "the oldest unanswered are forgotten; a forgotten one's decision is not stated",
    },
    this.limits,
    true,
  );
  /** The SDK's approval id → toolCallId of every approval request seen. */
  readonly approvalTools = new BoundedTable<string>(
    {
      table: "approval",
      cap: MAX_APPROVALS,
      consequence:
        "answered approvals are forgotten first, then the oldest; a forgotten one's response is stated by its approval id",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );
  /** Approval ids the tool's policy decided (`isAutomatic: true`), not a person. */
  readonly automaticApprovals = new BoundedTable<true>(
    {
      table: "automatic approval",
      cap: MAX_APPROVALS,
      consequence:
        "answered approvals are forgotten first, then the oldest; a forgotten one's response does not say a policy decided it",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );

  /** The call's outcome was stated: its entries may be forgotten once their tables are full. */
  finishTool(toolCallId: string): void {
    this.finishedTools.add(toolCallId);
    this.startedTools.close(toolCallId);
    this.toolNames.close(toolCallId);
  }

  /** Steering messages delivered into the run so far (the queue snapshot lists every steer). */
  readonly steers: { id: string; status: "accepted"; preview: string; targetTurnId?: string }[] = [];
  /** Whether app-state `/aiSdkData` exists yet (created by the first data part). */
  dataRootCreated = false;
  fileCount = 0;
  /** What the current step (since the last `start-step`) added: what a `reset-step` discards. */
  readonly stepItems: StepItem[] = [];

  /** What the current step added past `MAX_STEP_ITEMS` (a `reset-step` cannot take it back). */
  untrackedStepItems = 0;

  /** The current step added `item` (tracked while within `MAX_STEP_ITEMS`). */
  addStepItem(item: StepItem): void {
    if (this.stepItems.length < MAX_STEP_ITEMS) this.stepItems.push(item);
    else this.untrackedStepItems++;
  }

  /** A new step (or response) starts: what the previous one added is no longer resettable. */
  clearStep(): void {
    this.stepItems.length = 0;
    this.untrackedStepItems = 0;
  }
  /** `reset-step`s seen (the run's retry count) and whether the retried step has not streamed yet. */
  resets = 0;
  retrying = false;
  /** `start-step`s since this stream's `start`: outcomes before the first one answer approvals. */
  stepsInStream = 0;
}

export class AiSdkContext {
  constructor(
    readonly emitter: Emitter,
    readonly state: AiSdkState,
    readonly safe: SafeOptions,
    readonly record: JsonObject,
    private readonly info: SourceInfo,
    /** Prefix of synthetic message keys: the caller's stream or session id. */
    readonly streamKey: string,
  ) {}

  /** One output event on the current assistant message. */
  /** `fields` is a fresh object the caller hands over: stamped in place (no copy per event). */
  emit(type: string, fields: EventFields = {}): AgentUiEvent {
    fields.messageId ??= this.currentMessageId();
    return this.emitter.event(type, fields, this.info);
  }

  /** The assistant message chunks belong to; chunks before any `start` still belong to one (unnamed). */
  currentMessageId(): string {
    this.state.messageId ??= `${this.streamKey}:message-${++this.state.starts}`;
    return this.state.messageId;
  }

  diagnostic(
    code: string,
    severity: "error" | "warning" | "info",
    message: string,
    summary?: JsonObject,
  ): AgentUiEvent {
    return this.emit("diagnostic.changed", {
      payload: { code, severity, message, ...(summary ? { summary } : {}) },
    });
  }

  unsupported(reason: string): AgentUiEvent {
    return this.emitter.unsupported(this.record, this.info, reason);
  }
}
