// The conversation an AG-UI agent expects back in `RunAgentInput.messages` on every run. A browser's
// `HttpAgent` keeps it by applying the run's events to its message list; behind the gateway the connector
// keeps it the same way, so the next run (a send, an interrupt answer) carries the assistant's replies:
// - TEXT_MESSAGE_START / CONTENT / END (and 0.0.x TEXT_MESSAGE_CHUNK) → a message with its role (assistant
//   by default) and text;
// - TOOL_CALL_START / ARGS / END (and TOOL_CALL_CHUNK) → a `toolCalls` entry `{ id, type: "function",
//   function: { name, arguments } }` on the parent assistant message (a new assistant message named by the
//   parent id, or the call id, when there is none);
// - TOOL_CALL_RESULT → a `tool` message `{ id, role: "tool", toolCallId, content }` placed after the
//   assistant message that made the call;
// - MESSAGES_SNAPSHOT → the agent's own word on the conversation: it replaces the list.
// Reasoning and activity messages are not carried back: they are not conversation content, and agents on
// AG-UI versions before reasoning/activity roles reject them. Only what the upstream sent is kept (never
// invented); deltas are collected in arrays and joined once when the conversation is posted.

export interface AgUiToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** One message of `RunAgentInput.messages` (AG-UI message schema; unknown fields of a snapshot kept). */
export interface AgUiMessage {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: AgUiToolCall[];
  toolCallId?: string;
  [key: string]: unknown;
}

/** A message and the tool results that answer its calls (posted right after it, in arrival order). */
interface Entry {
  message: AgUiMessage;
  results: AgUiMessage[];
}

interface OpenText {
  message: AgUiMessage;
  deltas: string[];
}

interface OpenCall {
  call: AgUiToolCall;
  deltas: string[];
}

type AgUiEvent = Record<string, unknown>;

const CONVERSATION_ROLES = new Set(["user", "assistant", "system", "developer", "tool"]);

export class AgUiConversation {
  private entries: Entry[] = [];
  /** Message id → its entry (text, tool results and snapshots find their message without a scan). */
  private byId = new Map<string, Entry>();
  /** Tool call id → the entry of the assistant message that made it. */
  private callOwners = new Map<string, Entry>();
  private readonly texts = new Map<string, OpenText>();
  private readonly calls = new Map<string, OpenCall>();
  /** 0.0.x chunks may omit the id of the message or call they continue. */
  private lastChunkMessageId: string | undefined;
  private lastChunkToolCallId: string | undefined;

  constructor(initial: readonly AgUiMessage[] = []) {
    for (const message of initial) this.add(message);
  }

  get size(): number {
    return this.byId.size;
  }

  /** A message the gateway itself sends (the user's turn). */
  addUser(id: string, content: string): void {
    this.add({ id, role: "user", content });
  }

  /** Folds one event of the upstream's run into the conversation. Events it does not keep are ignored
   * here (the `ag-ui` adapter projects and reports them). */
  apply(event: unknown): void {
    if (event === null || typeof event !== "object" || Array.isArray(event)) return;
    const e = event as AgUiEvent;
    switch (e.type) {
      case "TEXT_MESSAGE_START":
        this.openText(str(e.messageId), str(e.role), str(e.subagentRunId));
        return;
      case "TEXT_MESSAGE_CONTENT":
        this.appendText(str(e.messageId), str(e.delta));
        return;
      case "TEXT_MESSAGE_END":
        this.closeText(str(e.messageId));
        return;
      case "TEXT_MESSAGE_CHUNK": {
        const id = str(e.messageId) ?? this.lastChunkMessageId;
        if (id !== undefined && !this.texts.has(id)) this.openText(id, str(e.role), str(e.subagentRunId));
        this.lastChunkMessageId = id;
        this.appendText(id, str(e.delta));
        return;
      }
      case "TOOL_CALL_START":
        this.openCall(e);
        return;
      case "TOOL_CALL_ARGS":
        this.appendArgs(str(e.toolCallId), str(e.delta));
        return;
      case "TOOL_CALL_END":
        this.closeCall(str(e.toolCallId));
        return;
      case "TOOL_CALL_CHUNK": {
        const id = str(e.toolCallId) ?? this.lastChunkToolCallId;
        if (id !== undefined && !this.calls.has(id) && !this.callOwners.has(id))
          this.openCall({ ...e, toolCallId: id });
        this.lastChunkToolCallId = id;
        this.appendArgs(id, str(e.delta));
        return;
      }
      case "TOOL_CALL_RESULT":
        this.addResult(e);
        return;
      case "MESSAGES_SNAPSHOT":
        if (Array.isArray(e.messages)) this.replace(e.messages);
        return;
    }
  }

  /** The conversation to post: every message once, tool results right after the message that made the
   * call. Streamed texts and arguments are settled first; the posted list is a fresh array of the kept
   * messages (it is serialized right away). */
  snapshot(): AgUiMessage[] {
    this.settle();
    const out: AgUiMessage[] = [];
    for (const entry of this.entries) {
      out.push(entry.message);
      for (const result of entry.results) out.push(result);
    }
    return out;
  }

  private add(message: AgUiMessage, owner?: Entry): void {
    if (this.byId.has(message.id)) return;
    const entry: Entry = { message, results: [] };
    this.byId.set(message.id, entry);
    if (owner) owner.results.push(message);
    else this.entries.push(entry);
    // A snapshot's message is the agent's word, kept as sent; only its well-formed calls are indexed.
    if (Array.isArray(message.toolCalls))
      for (const call of message.toolCalls as unknown[])
        if (call !== null && typeof call === "object" && typeof (call as AgUiToolCall).id === "string")
          this.callOwners.set((call as AgUiToolCall).id, entry);
  }

  private openText(id: string | undefined, role: string | undefined, subagentRunId?: string): void {
    if (id === undefined) return;
    const existing = this.byId.get(id);
    if (existing === undefined) {
      const kept = role !== undefined && CONVERSATION_ROLES.has(role) ? role : "assistant";
      this.add(withSubagent({ id, role: kept, content: "" }, subagentRunId));
    }
    const message = this.byId.get(id)!.message;
    if (!this.texts.has(id))
      this.texts.set(id, { message, deltas: typeof message.content === "string" ? [message.content] : [] });
  }

  private appendText(id: string | undefined, delta: string | undefined): void {
    if (id === undefined || delta === undefined) return;
    if (!this.texts.has(id)) this.openText(id, undefined);
    this.texts.get(id)?.deltas.push(delta);
  }

  private openCall(e: AgUiEvent): void {
    const id = str(e.toolCallId);
    const parentId = str(e.parentMessageId);
    if (id === undefined || this.calls.has(id) || this.callOwners.has(id)) return;
    let owner = parentId !== undefined ? this.byId.get(parentId) : undefined;
    if (owner === undefined || owner.message.role !== "assistant") {
      const messageId = parentId !== undefined && owner === undefined ? parentId : id;
      owner = this.byId.get(messageId);
      if (owner === undefined) {
        this.add(withSubagent({ id: messageId, role: "assistant" }, str(e.subagentRunId)));
        owner = this.byId.get(messageId)!;
      }
    }
    const name = str(e.toolCallName) ?? "";
    const call: AgUiToolCall = { id, type: "function", function: { name, arguments: "" } };
    if (Array.isArray(owner.message.toolCalls)) owner.message.toolCalls.push(call);
    else owner.message.toolCalls = [call];
    this.callOwners.set(id, owner);
    this.calls.set(id, { call, deltas: [] });
  }

  private appendArgs(id: string | undefined, delta: string | undefined): void {
    if (id === undefined || delta === undefined) return;
    this.calls.get(id)?.deltas.push(delta);
  }

  private addResult(e: AgUiEvent): void {
    const toolCallId = str(e.toolCallId);
    const id = str(e.messageId);
    if (toolCallId === undefined || id === undefined) return;
    this.closeCall(toolCallId);
    const content = typeof e.content === "string" ? e.content : JSON.stringify(e.content ?? null);
    const result = withSubagent({ id, role: "tool", toolCallId, content }, str(e.subagentRunId));
    if (typeof e.error === "string") result.error = e.error;
    this.add(result, this.callOwners.get(toolCallId));
  }

  /** A snapshot is the agent's conversation as it stands: it replaces the kept list (same ids, its order).
   * Entries that are not messages (no string id and role) are left out; the adapter reports them. */
  private replace(messages: unknown[]): void {
    this.settle();
    this.texts.clear();
    this.calls.clear();
    this.entries = [];
    this.byId = new Map();
    this.callOwners = new Map();
    for (const raw of messages) {
      if (raw === null || typeof raw !== "object") continue;
      const message = raw as AgUiMessage;
      if (typeof message.id !== "string" || typeof message.role !== "string") continue;
      if (!CONVERSATION_ROLES.has(message.role)) continue;
      const owner =
        message.role === "tool" && typeof message.toolCallId === "string"
          ? this.callOwners.get(message.toolCallId)
          : undefined;
      this.add(message, owner);
    }
  }

  private closeText(id: string | undefined): void {
    const open = id !== undefined ? this.texts.get(id) : undefined;
    if (open === undefined) return;
    open.message.content = open.deltas.join("");
    this.texts.delete(id!);
  }

  private closeCall(id: string | undefined): void {
    const open = id !== undefined ? this.calls.get(id) : undefined;
    if (open === undefined) return;
    open.call.function.arguments = open.deltas.join("");
    this.calls.delete(id!);
  }

  /** Joins the deltas of what is still open (a run cut mid-message) once; it keeps collecting after the
   * joined prefix if the stream goes on. */
  private settle(): void {
    for (const open of this.texts.values()) {
      const text = open.deltas.join("");
      open.message.content = text;
      open.deltas = text === "" ? [] : [text];
    }
    for (const open of this.calls.values()) {
      const args = open.deltas.join("");
      open.call.function.arguments = args;
      open.deltas = args === "" ? [] : [args];
    }
  }
}

/** Messages of a subagent carry its run id, as the AG-UI client keeps them. */
function withSubagent(message: AgUiMessage, subagentRunId: string | undefined): AgUiMessage {
  if (subagentRunId !== undefined) message.subagentRunId = subagentRunId;
  return message;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
