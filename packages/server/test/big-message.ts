// The 5 MB message the byte-budget tests share (HYD-13): a short turn t0, then turn t1 whose answer m1 is
// CHUNKS deltas of CHUNK characters, each starting with its zero-padded index.
import type { AgentUiEvent } from "@agent-ui/contracts";

export const CHUNKS = 50;
export const CHUNK = 100 * 1024;
export const marker = (i: number): string => String(i).padStart(4, "0");

export function bigMessageEvents(): Partial<AgentUiEvent>[] {
  const events: Partial<AgentUiEvent>[] = [
    { type: "run.started", turnId: "t0", messageId: "m0", payload: { input: "q" } },
    { type: "text.delta", turnId: "t0", messageId: "m0", payload: { delta: "first answer" } },
    { type: "run.started", turnId: "t1", messageId: "m1", payload: { input: "long" } },
  ];
  for (let i = 0; i < CHUNKS; i++)
    events.push({
      type: "text.delta",
      turnId: "t1",
      messageId: "m1",
      payload: { delta: `${marker(i)}${"y".repeat(CHUNK - 4)}` },
    });
  return events;
}
