// Shared by the AI SDK chunk tests: chunks checked against the SDK's own schema, and the adapter run over them.
import { safeValidateTypes } from "@ai-sdk/provider-utils";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { uiMessageChunkSchema } from "ai";
import { expect } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";
import type { AdapterOptions } from "../src/types";

/** Every chunk is one the SDK's schema accepts: the shapes a test feeds are the wire's own. */
export async function wire(chunks: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  for (const chunk of chunks) {
    const checked = await safeValidateTypes({ value: chunk, schema: uiMessageChunkSchema });
    expect(checked.success, JSON.stringify(chunk)).toBe(true);
  }
  return chunks;
}

/** One adapter instance over the chunks, then its end of input. */
export function adapt(chunks: unknown[], options?: AdapterOptions): AgentUiEvent[] {
  const adapter = aiSdkAdapter.create(options);
  return [...chunks.flatMap((chunk, i) => adapter.push(chunk, i)), ...adapter.finish()];
}

export const ofType = (events: AgentUiEvent[], type: string): AgentUiEvent[] =>
  events.filter((e) => e.type === type);

/** Each diagnostic as [code, severity, message]. */
export const codes = (events: AgentUiEvent[]): unknown[][] =>
  ofType(events, "diagnostic.changed").map((e) => [e.payload?.code, e.payload?.severity, e.payload?.message]);
