// The seeded session generator: one deterministic agent session, sized by our envelope event count, in
// three encodings (our envelope events, AG-UI events, AI SDK UI message chunks) that describe the same
// facts, so every reducer in the benchmark does equivalent work.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { type AgUiRun, toAgUiRuns } from "./encode/ag-ui";
import { type AiSdkTurn, toAiSdkTurns } from "./encode/ai-sdk";
import { toEnvelopeEvents } from "./encode/envelope";
import { createRng } from "./prng";
import { SessionBuilder } from "./session-builder";
import type { Session } from "./session-model";

export type { Session, SessionFact } from "./session-model";
export type { AgUiRun } from "./encode/ag-ui";
export type { AiSdkTurn } from "./encode/ai-sdk";

export interface GenerateOptions {
  seed?: number;
  /** Target size in our envelope events (the result is within a few events of it). */
  events: number;
  /** Envelope events per turn, drawn uniformly from [min, max] (default [1000, 3000]). */
  turnEvents?: [number, number];
}

export function generateSession(options: GenerateOptions): Session {
  const seed = options.seed ?? 1;
  const [min, max] = options.turnEvents ?? [1000, 3000];
  const rng = createRng(seed);
  const builder = new SessionBuilder(rng);
  let turn = 0;
  while (builder.count < options.events) {
    turn++;
    const remaining = options.events - builder.count;
    const drawn = rng.int(min, max);
    // Never leave a tail too short to be a turn: the last turn takes it.
    const budget = remaining - drawn < min ? remaining : drawn;
    builder.turn(turn, Math.max(4, budget));
  }
  return {
    seed,
    sessionId: `session-${seed}`,
    threadId: `thread-${seed}`,
    facts: builder.facts,
    envelopeEvents: builder.count,
    turns: turn,
  };
}

export interface EncodedSession {
  session: Session;
  envelope: AgentUiEvent[];
  agui: AgUiRun[];
  aiSdk: AiSdkTurn[];
}

export function encodeSession(session: Session): EncodedSession {
  return {
    session,
    envelope: toEnvelopeEvents(session),
    agui: toAgUiRuns(session),
    aiSdk: toAiSdkTurns(session),
  };
}
