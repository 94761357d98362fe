// Live: an interrupt raised inside a real `@langchain/langgraph` subgraph
// (./langgraph-subgraph-interrupt.producer) resolves when the resumed subgraph leaves the step that
// asked — its next state (`values`) or a new checkpoint of its own — not when the root step around the
// whole subgraph ends. Before that it is pending, on every prefix (HITL-03); the subgraph's teammate is
// never completed with its question still open (TEAM-13).
import { langgraphAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { MODES, produce } from "./langgraph-subgraph-interrupt.producer";

type Chunk = [
  string[],
  string,
  { config?: { configurable?: { checkpoint_id?: string } }; __interrupt__?: unknown },
];

/** A `debug` checkpoint as the `checkpoints` chunk it wraps. */
function unwrapDebug(record: unknown): Chunk {
  const [ns, mode, payload] = record as [string[], string, { type?: string; payload?: Chunk[2] }];
  if (mode === "debug" && payload.type === "checkpoint" && payload.payload !== undefined)
    return [ns, "checkpoints", payload.payload];
  return record as Chunk;
}

/** Index (in the resume run) of the chunk that ends the resumed step of the root (`sub: false`) or of the
 * subgraph (`sub: true`): a state after the one the run opens that level with (`values`), or a checkpoint
 * of that level not streamed in the first run. */
function stepEnd(firstRun: unknown[], resumeRun: unknown[], sub: boolean): number {
  const first = firstRun.map(unwrapDebug);
  const resume = resumeRun.map(unwrapDebug);
  const level = (r: Chunk) => r[0].length > 0 === sub;
  const checkpoint = (r: Chunk) => r[2].config?.configurable?.checkpoint_id;
  const seen = new Set((first as Chunk[]).filter((r) => level(r) && r[1] === "checkpoints").map(checkpoint));
  let opened = false;
  return (resume as Chunk[]).findIndex((r) => {
    if (!level(r)) return false;
    if (r[1] === "checkpoints") return !seen.has(checkpoint(r));
    if (r[1] !== "values" || r[2].__interrupt__ !== undefined) return false;
    if (opened) return true;
    opened = true;
    return false;
  });
}

describe("live @langchain/langgraph: an interrupt inside a subgraph", () => {
  for (const modes of MODES)
    it(`HITL-03 TEAM-13 resolves when the subgraph's own step ends, streamMode ${modes.join(", ")}`, async () => {
      const [first, resume] = await produce(modes);
      const end = stepEnd(first, resume, true);
      // The subgraph's step ends before the root's: the test shows the difference.
      expect(end).toBeGreaterThan(0);
      expect(end).toBeLessThan(stepEnd(first, resume, false));
      const adapter = langgraphAdapter.create();
      const events: AgentUiEvent[] = [];
      const records = [...first, ...resume];
      let actionId: string | undefined;
      records.forEach((record, i) => {
        events.push(...adapter.push(record, i));
        const state = projectEvents(events);
        const [action, ...others] = Object.values(state.actions);
        expect(others).toEqual([]);
        if (action === undefined) return;
        actionId ??= action.actionId;
        const resolvedFrom = first.length + end;
        expect(action.status, `after record ${i}`).toBe(i < resolvedFrom ? "pending" : "resolved");
        if (action.requestedBy?.agentId !== undefined && action.status === "pending")
          expect(state.agents[action.requestedBy.agentId].status, `after record ${i}`).not.toBe("completed");
      });
      expect(actionId).toBeDefined();
    });
});
