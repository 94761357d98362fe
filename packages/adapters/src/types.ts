import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";

export interface AdapterOptions {
  /** Session id to stamp on events whose source has none. */
  sessionId?: string;
  /** Stream that the assigned `sequence` numbers count in. */
  streamId?: string;
  /** Inline payloads above this many bytes are offloaded to a ref plus a preview. */
  largePayloadBytes?: number;
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
