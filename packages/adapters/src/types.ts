import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import type { DetailKeeper } from "./shared/details";

export interface AdapterOptions {
  /** Session id to stamp on events whose source has none. */
  sessionId?: string;
  /** Stream that the assigned `sequence` numbers count in. */
  streamId?: string;
  /** Inline payloads above this many bytes are offloaded to a ref plus a preview. */
  largePayloadBytes?: number;
  /** Receives the body of every offloaded payload under the ref its event carries (a detail store, the
   * CLI's `--detail`); without it the body is not kept and only the preview survives. */
  keepDetail?: DetailKeeper;
  /**
   * What a tool approval's `actionId` is, for sources that give an approval its own id besides the tool
   * call's (the AI SDK's `approvalId`). `"tool-call"` (default): the tool call id, which every stream that
   * mentions the call carries — so a continuation read by a separate adapter instance (a stateless handler
   * per HTTP response) resolves the same action the first stream requested (HITL-02); the source's
   * approval id is kept in `payload.approvalId` for the source's write path. `"source"`: the source's
   * approval id as the action id; a continuation read on its own then cannot name the action and states
   * no resolution (the card stays pending until a stream that saw the request resolves it).
   */
  toolApprovalIds?: "source" | "tool-call";
}

/**
 * A small, stateful, streaming translator: one source record in, zero or more envelope events out.
 * It never throws on bad input: anything it does not understand becomes a `diagnostic.changed` event
 * carrying a safe summary.
 */
export interface SourceAdapter {
  readonly format: string;
  push(record: unknown, index?: number, meta?: RecordMeta): AgentUiEvent[];
  /** End of input: close what the source left open when the protocol says so. */
  finish(): AgentUiEvent[];
}

export interface AdapterModule {
  format: string;
  description: string;
  create(options?: AdapterOptions): SourceAdapter;
  /** 0 when the record is certainly not this format, up to 1 when it certainly is. `meta` carries the
   * record's framing (an SSE frame's `event:` / `id:`), which is all some formats are known by. */
  detect(record: unknown, meta?: RecordMeta): number;
}
