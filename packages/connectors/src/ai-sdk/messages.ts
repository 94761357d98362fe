// The conversation an AI SDK UI message stream endpoint expects back on every request (`useChat` keeps it
// in the browser; behind the gateway, the connector keeps it): user messages plus each assistant message
// rebuilt from its `UIMessageChunk`s — text, reasoning, step boundaries, sources, and tool parts with
// their state and approval. Only what the upstream needs to rebuild its prompt is kept; deltas are
// collected in arrays and joined once (no whole-text copy per delta). A tool approval is answered by
// setting its part to `approval-responded` with `approval: { id, approved, reason? }` and posting the
// conversation again: the upstream then runs (or denies) the tool and continues the same message.
import { randomUUID } from "node:crypto";

export interface UiPart {
  type: string;
  [key: string]: unknown;
}

export interface UiMessage {
  id: string;
  role: "user" | "assistant" | "system";
  parts: UiPart[];
}

type Chunk = Record<string, unknown>;

interface StreamingText {
  part: UiPart;
  deltas: string[];
}

export type ApprovalAnswer = { ok: true } | { ok: false; reason: string };

export class AiSdkConversation {
  readonly messages: UiMessage[] = [];
  /** The assistant message the current stream writes to. */
  private assistant: UiMessage | undefined;
  private readonly texts = new Map<string, StreamingText>();
  private readonly tools = new Map<string, UiPart>();

  /** Starts from a rebuilt history (a session resumed after a gateway restart: ./ai-sdk-restore). Its
   * tool parts are known by call id, so a later chunk naming one of them updates it in place. */
  restore(history: readonly UiMessage[]): void {
    for (const message of history) {
      this.messages.push(message);
      for (const part of message.parts)
        if (typeof part.toolCallId === "string") this.tools.set(part.toolCallId, part);
    }
  }

  addUser(id: string, text: string): void {
    this.settle();
    this.assistant = undefined;
    this.messages.push({ id, role: "user", parts: [{ type: "text", text }] });
  }

  /** A copy of the conversation to post (parts are shared; texts are settled first). */
  snapshot(): UiMessage[] {
    this.settle();
    return this.messages.map((m) => ({ ...m, parts: [...m.parts] }));
  }

  /** Folds one chunk of the upstream's stream into the assistant message and returns the chunk to
   * project: a `start` without a `messageId` gets the id the conversation gave the message (as `useChat`
   * assigns one), so a continuation that names it extends the same message instead of opening a second.
   * Unknown chunks are ignored here (the adapter reports them). */
  apply(chunk: unknown): unknown {
    if (chunk === null || typeof chunk !== "object") return chunk;
    const c = chunk as Chunk;
    const type = typeof c.type === "string" ? c.type : "";
    if (type === "start") {
      const named = typeof c.messageId === "string" && c.messageId !== "" ? c.messageId : undefined;
      const message = this.current(named);
      return named === undefined ? { ...c, messageId: message.id } : chunk;
    }
    if (type === "finish" || type === "abort" || type === "error") {
      this.settle();
      return chunk;
    }
    const message = this.current();
    if (type === "start-step") message.parts.push({ type: "step-start" });
    else if (type === "text-start" || type === "reasoning-start") this.openText(message, c, type);
    else if (type === "text-delta" || type === "reasoning-delta") this.appendText(c);
    else if (type === "text-end" || type === "reasoning-end") this.closeText(c);
    else if (type.startsWith("tool-")) this.tool(message, c, type);
    else if (type === "source-url" || type === "source-document" || type === "file") {
      const { type: _t, ...rest } = c;
      message.parts.push({ type, ...rest });
    } else if (type.startsWith("data-") && c.transient !== true) {
      message.parts.push({ type, id: c.id, data: c.data });
    }
    return chunk;
  }

  /** Why the approval `actionId` names cannot be answered now (unknown, or answered before); undefined if
   * it can. `actionId` is what the projection shows: the tool call id (the `ai-sdk` adapter's default
   * `toolApprovalIds: "tool-call"`) or the SDK's approval id (`"source"`); both are accepted. */
  approvalRefusal(actionId: string): string | undefined {
    const part = this.approvalPart(actionId);
    if (!part) return `no pending approval ${actionId} in this conversation`;
    if (part.state !== "approval-requested")
      return `approval ${actionId} was already answered (${String(part.state)})`;
    return undefined;
  }

  /** Answers a pending approval in place; `ok: false` (nothing changed) when there is none by that id.
   * The answer always carries the SDK's own approval id, whichever id named it here. */
  answerApproval(actionId: string, approved: boolean, reason?: string): ApprovalAnswer {
    const refusal = this.approvalRefusal(actionId);
    const part = this.approvalPart(actionId);
    const id = (part?.approval as { id?: unknown } | undefined)?.id;
    if (refusal !== undefined || !part) return { ok: false, reason: refusal ?? "" };
    if (typeof id !== "string")
      return { ok: false, reason: `approval ${actionId} has no approval id to answer` };
    part.state = "approval-responded";
    part.approval = reason === undefined ? { id, approved } : { id, approved, reason };
    return { ok: true };
  }

  /** The tool part whose approval `actionId` names: by the SDK's approval id, or by the gated call's id. */
  private approvalPart(actionId: string): UiPart | undefined {
    const byCall = this.tools.get(actionId);
    if (byCall?.approval !== undefined) return byCall;
    for (const part of this.tools.values()) {
      const approval = part.approval as { id?: string } | undefined;
      if (approval?.id === actionId) return part;
    }
    return undefined;
  }

  /** The assistant message being written, created at a stream's `start` unless the stream continues
   * the last assistant message (a continuation after an approval keeps its id). */
  private current(messageId?: string): UiMessage {
    const last = this.messages.at(-1);
    if (this.assistant && (messageId === undefined || messageId === this.assistant.id)) return this.assistant;
    if (last?.role === "assistant" && (messageId === undefined || messageId === last.id)) {
      this.assistant = last;
      return last;
    }
    this.settle();
    // The SDK's client assigns an id when the stream gives none; so does the connector.
    this.assistant = { id: messageId ?? `msg-${randomUUID()}`, role: "assistant", parts: [] };
    this.messages.push(this.assistant);
    return this.assistant;
  }

  private openText(message: UiMessage, c: Chunk, type: string): void {
    const part: UiPart = { type: type === "text-start" ? "text" : "reasoning", text: "", state: "streaming" };
    message.parts.push(part);
    this.texts.set(`${part.type}:${String(c.id)}`, { part, deltas: [] });
  }

  private appendText(c: Chunk): void {
    const kind = c.type === "text-delta" ? "text" : "reasoning";
    const open = this.texts.get(`${kind}:${String(c.id)}`);
    if (open && typeof c.delta === "string") open.deltas.push(c.delta);
  }

  private closeText(c: Chunk): void {
    const kind = c.type === "text-end" ? "text" : "reasoning";
    const key = `${kind}:${String(c.id)}`;
    const open = this.texts.get(key);
    if (!open) return;
    open.part.text = open.deltas.join("");
    open.part.state = "done";
    this.texts.delete(key);
  }

  /** Texts still streaming (a cut stream) keep what arrived. */
  private settle(): void {
    for (const open of this.texts.values()) open.part.text = open.deltas.join("");
    this.texts.clear();
  }

  private tool(message: UiMessage, c: Chunk, type: string): void {
    const toolCallId = typeof c.toolCallId === "string" ? c.toolCallId : undefined;
    if (toolCallId === undefined) return;
    let part = this.tools.get(toolCallId);
    if (!part) {
      if (type !== "tool-input-start" && type !== "tool-input-available" && type !== "tool-input-error")
        return;
      const name = typeof c.toolName === "string" ? c.toolName : "unknown";
      part =
        c.dynamic === true
          ? { type: "dynamic-tool", toolName: name, toolCallId, state: "input-streaming" }
          : { type: `tool-${name}`, toolCallId, state: "input-streaming" };
      if (c.providerExecuted === true) part.providerExecuted = true;
      message.parts.push(part);
      this.tools.set(toolCallId, part);
    }
    switch (type) {
      case "tool-input-available":
        part.state = "input-available";
        part.input = c.input;
        break;
      case "tool-input-error":
        part.state = "output-error";
        part.input = c.input;
        part.errorText = c.errorText;
        break;
      case "tool-approval-request":
        part.state = "approval-requested";
        part.approval = { id: c.approvalId };
        break;
      case "tool-output-available":
        if (c.preliminary === true) break;
        part.state = "output-available";
        part.output = c.output;
        break;
      case "tool-output-error":
        part.state = "output-error";
        part.errorText = c.errorText;
        break;
      case "tool-output-denied":
        part.state = "output-denied";
        break;
    }
  }
}
