// Shared bookkeeping of the Claude Agent SDK adapter: session, open run, per-message content blocks,
// tool rows and subagent lineage. Kept in one object so the content, system and result translators
// stay small and agree on identities.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, LimitNotices } from "../shared/bounded";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { type JsonObject, readString } from "../shared/record";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import type { AdapterOptions } from "../types";
import { lookupTable } from "@agent-ui/contracts";

/** Message uuids remembered for redelivery (every SDK message has one). */
export const MAX_SEEN_UUIDS = 16_384;
/** Assistant messages whose content blocks are remembered; the oldest forgotten first. */
export const MAX_MESSAGES = 1024;
/** Content blocks of one message remembered; finalized ones forgotten first. */
export const MAX_BLOCKS = 256;
/** Tool calls remembered; ended ones forgotten first, then the oldest. */
export const MAX_TOOLS = 4096;
/** Subagents and background tasks remembered, each; the oldest forgotten first. */
export const MAX_AGENTS = 1024;

export const CLAUDE_FORMAT = "claude-agent-sdk";

export interface BlockState {
  type: string;
  partId: string;
  toolCallId?: string;
  /** The block's final snapshot was already emitted (text.final / complete tool args). */
  finalized: boolean;
  /** Announced by `stream_event` deltas (so a snapshot restates it rather than introducing it). */
  streamed: boolean;
}

export interface MessageState {
  /** Blocks by part id, in order (a streamed block's part id names its content index). */
  blocks: BoundedTable<BlockState>;
  /** Blocks added: numbers the parts of blocks the stream gave no index. */
  added: number;
}

/** What a background task is: a subagent's turn or a background shell. */
export type TaskEntity = "automation_job" | "subagent_turn";

export interface ToolState {
  name?: string;
  input?: unknown;
  started: boolean;
  argsComplete: boolean;
  terminal: boolean;
}

/** Tool name → Tool UI kind (TOOL-04); unknown names stay `custom`. */
const TOOL_KINDS: Readonly<Record<string, string>> = lookupTable({
  Bash: "command",
  BashOutput: "command",
  KillShell: "command",
  Read: "file",
  Write: "file",
  Edit: "file",
  MultiEdit: "file",
  NotebookEdit: "file",
  Glob: "search",
  Grep: "search",
  WebSearch: "search",
  WebFetch: "browser",
  Task: "agent",
  Agent: "agent",
});

/** Tool name → the input field a row shows as its summary (TOOL-03); other tools show their JSON input. */
const SUMMARY_FIELDS: Readonly<Record<string, string>> = lookupTable({
  Bash: "command",
  Read: "file_path",
  Write: "file_path",
  Edit: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path",
  Glob: "pattern",
  Grep: "pattern",
  WebFetch: "url",
  WebSearch: "query",
  Task: "description",
  Agent: "description",
});

export function toolSummaryOf(name: string | undefined, input: unknown): string | undefined {
  const field = name !== undefined ? SUMMARY_FIELDS[name] : undefined;
  return field !== undefined ? readString(input, field) : undefined;
}

export function toolKindOf(name: string | undefined): string {
  if (name === undefined) return "custom";
  if (name.startsWith("mcp__")) return "mcp";
  return TOOL_KINDS[name] ?? "custom";
}

export class ClaudeState {
  readonly emit: Emitter;
  sessionId: string | undefined;
  runOpen = false;
  runId: string | undefined;
  model: string | undefined;
  pendingCompactionId: string | undefined;
  /** The CLI marked the open run as interrupted by the user (its `result` then ends it cancelled). */
  interruptedByUser = false;
  /** Tables that reached their cap, each reported once (the adapter turns them into diagnostics). */
  readonly limits = new LimitNotices();
  readonly messages = new BoundedTable<MessageState>(
    {
      table: "message",
      cap: MAX_MESSAGES,
      consequence: "the oldest are forgotten; a forgotten message's later blocks are stated as new parts",
    },
    this.limits,
    true,
  );
  readonly tools = new BoundedTable<ToolState>(
    {
      table: "tool",
      cap: MAX_TOOLS,
      consequence:
        "ended calls are forgotten first, then the oldest; a forgotten call's later result is stated again",
    },
    this.limits,
    true,
  );
  /** parent tool use id → subagent agent id, once announced. */
  readonly subagents = new BoundedTable<string>(
    {
      table: "subagent",
      cap: MAX_AGENTS,
      consequence: "the oldest are forgotten; a forgotten subagent announced again is spawned again",
    },
    this.limits,
    true,
  );
  /** Background tasks already announced by a `task_*` message or a task list snapshot, and their kind. */
  readonly tasks = new BoundedTable<TaskEntity>(
    {
      table: "background task",
      cap: MAX_AGENTS,
      consequence: "the oldest are forgotten; a forgotten task listed again is announced again",
    },
    this.limits,
    true,
  );
  /** Tool calls whose permission denial was already audited as a resolved action. */
  readonly deniedTools = new BoundedTable<true>(
    {
      table: "denied tool",
      cap: MAX_TOOLS,
      consequence: "the oldest are forgotten; a forgotten denial reported again is audited again",
    },
    this.limits,
    true,
  );
  /** Message uuids already translated: a redelivered message adds nothing; the oldest are forgotten. */
  readonly seenUuids = new BoundedTable<true>(
    {
      table: "message uuid",
      cap: MAX_SEEN_UUIDS,
      consequence: "the oldest are forgotten; a redelivery of one is translated again",
    },
    this.limits,
    true,
  );

  private readonly safeOptions: SafeOptions;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(CLAUDE_FORMAT, options);
    this.safeOptions = safeOptionsOf(options);
  }

  /** Redacts and offloads a source value with the adapter's `largePayloadBytes`. */
  safe(value: unknown): unknown {
    return safeValue(value, this.safeOptions);
  }

  /** Ids every event of this record carries: the SDK session, the run, and subagent lineage. */
  base(record: JsonObject): EventFields {
    const fields: EventFields = {};
    const session = readString(record, "session_id") ?? this.sessionId;
    if (session !== undefined) fields.sessionId = session;
    if (this.runId !== undefined) fields.runId = this.runId;
    // The SDK message uuid is the safe pointer back to the source record (one record → several events).
    const uuid = readString(record, "uuid");
    if (uuid !== undefined) fields.rawEventRef = `claude:${uuid}`;
    const timestamp = readString(record, "timestamp");
    if (timestamp !== undefined) fields.timestamp = timestamp;
    const parent = readString(record, "parent_tool_use_id");
    if (parent !== undefined) {
      fields.agentId = subagentIdOf(parent);
      fields.runtimeEntity = "subagent_turn";
      // The subagent's own turn: an async (background) subagent outlives the parent's run, so its tools
      // must not be closed as unfinished when the parent's `result` arrives.
      fields.turnId = fields.agentId;
      if (session !== undefined) fields.parentSessionId = session;
    }
    return fields;
  }

  message(id: string): MessageState {
    let state = this.messages.get(id);
    if (state === undefined) {
      const consequence =
        "finalized blocks are forgotten first; with every one open, a new block is not tracked: its text still streams (its tool input comes with its snapshot) and its snapshot is stated as a part of its own";
      const limit = { table: "content block", cap: MAX_BLOCKS, consequence, warnOnlyForOpen: true };
      state = { blocks: new BoundedTable(limit, this.limits), added: 0 };
      this.messages.set(id, state);
    }
    return state;
  }

  tool(id: string): ToolState {
    let state = this.tools.get(id);
    if (state === undefined) {
      state = { started: false, argsComplete: false, terminal: false };
      this.tools.set(id, state);
    }
    return state;
  }

  /** The call's outcome was stated: it may be forgotten once the table is full. */
  endTool(id: string, tool: ToolState): void {
    tool.terminal = true;
    this.tools.close(id);
  }

  /** `run.started` when the SDK begins work and no run is open (each `result` closes one). */
  ensureRun(record: JsonObject, info: SourceInfo, input?: string): AgentUiEvent[] {
    if (this.runOpen) return [];
    this.runOpen = true;
    this.runId = readString(record, "uuid") ?? this.runId;
    const payload: JsonObject = {};
    if (input !== undefined) {
      payload.input = input;
      const uuid = readString(record, "uuid");
      if (uuid !== undefined) payload.userMessageId = uuid;
    }
    return [this.emit.event("run.started", { ...this.base(record), phase: "submitted", payload }, info)];
  }

  /** The subagent launched by `toolUseId`, announced once with what the parent tool call said about it. */
  ensureSubagent(
    record: JsonObject,
    toolUseId: string,
    info: SourceInfo,
    spawnReason?: string,
  ): AgentUiEvent[] {
    if (this.subagents.has(toolUseId)) return [];
    const agentId = subagentIdOf(toolUseId);
    this.subagents.set(toolUseId, agentId);
    const input = this.tools.get(toolUseId)?.input as JsonObject | undefined;
    const payload: JsonObject = { status: "running", parentToolCallId: toolUseId };
    const name = readString(input, "subagent_type", "description");
    if (name !== undefined) payload.agentName = name;
    const reason = spawnReason ?? readString(input, "description", "prompt");
    if (reason !== undefined) payload.spawnReason = reason;
    const fields = this.base(record);
    // Spawned by a tool call of the announcing record's session: the parent is known even when that record
    // (a `task_started`) carries no parent_tool_use_id (TEAM-02, TEAM-18).
    fields.parentSessionId ??= fields.sessionId;
    return [
      this.emit.event(
        "agent.spawned",
        {
          ...fields,
          agentId,
          toolCallId: toolUseId,
          topology: "coordinator_team",
          phase: "acting",
          payload,
        },
        info,
      ),
    ];
  }
}

export function subagentIdOf(toolUseId: string): string {
  return `subagent:${toolUseId}`;
}
