// The practical limit: a minimal hand-written reducer over the same envelope events. Every event makes a
// new immutable object for the one entity it touches (spread + string concat), stored in a mutable Map
// index, and a read is O(1) (the root object). No validation, ordering, dedupe, diagnostics, lineage,
// honesty rules or memoized views: it only bounds how fast the bare bookkeeping can be.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { PROBE_EVERY, type ReducerUnderTest } from "./types";

interface Part {
  readonly id: string;
  readonly kind: string;
  readonly text: string;
  readonly done: boolean;
}
interface Entity {
  readonly id: string;
  readonly status: string;
  readonly [field: string]: unknown;
}

export interface MinimalState {
  version: number;
  status: string;
  parts: Map<string, Part>;
  /** messageId → ordered part ids (appended, never copied). */
  messages: Map<string, string[]>;
  tools: Map<string, Entity>;
  actions: Map<string, Entity>;
  agents: Map<string, Entity>;
  artifacts: Map<string, Entity>;
  evidence: Map<string, Entity>;
}

export function createMinimalState(): MinimalState {
  return {
    version: 0,
    status: "idle",
    parts: new Map(),
    messages: new Map(),
    tools: new Map(),
    actions: new Map(),
    agents: new Map(),
    artifacts: new Map(),
    evidence: new Map(),
  };
}

function appendText(
  state: MinimalState,
  event: AgentUiEvent,
  kind: string,
  delta: string,
  done: boolean,
): void {
  const id = event.partId as string;
  const prev = state.parts.get(id);
  if (prev === undefined) {
    const messageId = event.messageId as string;
    const order = state.messages.get(messageId);
    if (order === undefined) state.messages.set(messageId, [id]);
    else order.push(id);
  }
  state.parts.set(id, { id, kind, text: (prev?.text ?? "") + delta, done });
}

function finalText(state: MinimalState, event: AgentUiEvent, kind: string, text: string): void {
  const id = event.partId as string;
  if (!state.parts.has(id)) appendText(state, event, kind, "", true);
  state.parts.set(id, { id, kind, text, done: true });
}

function patch(table: Map<string, Entity>, id: string, fields: Record<string, unknown>): void {
  const prev = table.get(id);
  table.set(id, { ...(prev ?? { id, status: "unknown" }), ...fields } as Entity);
}

export function reduceMinimal(state: MinimalState, event: AgentUiEvent): void {
  state.version++;
  const p = (event.payload ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case "run.started":
      state.status = "running";
      return;
    case "run.status":
      state.status = p.status as string;
      return;
    case "run.finished":
      state.status = "completed";
      return;
    case "text.delta":
      appendText(state, event, "text", p.delta as string, false);
      return;
    case "text.final":
      finalText(state, event, "text", p.text as string);
      return;
    case "reasoning.delta":
      appendText(state, event, "reasoning", p.delta as string, false);
      return;
    case "reasoning.summary":
      finalText(state, event, "reasoning", p.text as string);
      return;
    case "tool.started":
      patch(state.tools, event.toolCallId as string, {
        status: "input-streaming",
        name: p.name,
        args: "",
      });
      return;
    case "tool.args": {
      const id = event.toolCallId as string;
      if (p.complete === true) patch(state.tools, id, { status: "input-available", input: p.input });
      else {
        const args = (state.tools.get(id)?.args as string | undefined) ?? "";
        patch(state.tools, id, { args: args + (p.argsDelta as string) });
      }
      return;
    }
    case "tool.result":
      patch(state.tools, event.toolCallId as string, { status: "output-available", output: p.output });
      return;
    case "tool.failed":
      patch(state.tools, event.toolCallId as string, { status: "output-error", error: p.error });
      return;
    case "action.required":
      patch(state.actions, event.actionId as string, {
        status: "pending",
        toolCallId: event.toolCallId,
      });
      return;
    case "action.resolved":
      patch(state.actions, event.actionId as string, { status: "resolved", decision: p.decision });
      return;
    case "agent.spawned":
    case "agent.completed":
      patch(state.agents, event.agentId as string, { status: p.status, name: p.agentName });
      return;
    case "artifact.created":
    case "artifact.updated":
      patch(state.artifacts, event.artifactId as string, {
        status: "ready",
        title: p.title,
        version: event.artifactVersionId,
      });
      return;
    case "evidence.changed":
      patch(state.evidence, event.evidenceId as string, { status: "cited", citations: p.citations });
      return;
  }
}

export const minimalReducer: ReducerUnderTest = {
  id: "minimal",
  label: "minimal immutable reducer (limit)",
  inputCount: (encoded) => encoded.envelope.length,
  async run(encoded, probe) {
    const state = createMinimalState();
    const events = encoded.envelope;
    for (let i = 0; i < events.length; i++) {
      reduceMinimal(state, events[i]);
      if (probe !== undefined && i % PROBE_EVERY === 0) probe();
    }
    return state;
  },
};
