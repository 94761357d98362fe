// Type-checked by the consumer test under `moduleResolution` node16 and bundler against the installed
// tarballs: every package's public types resolve and fit together.
import { adaptRecords } from "@agent-ui/adapters";
import { main } from "@agent-ui/cli";
import { connectSession, type SessionClient } from "@agent-ui/client";
import { runConformance } from "@agent-ui/conformance";
import { type AgentUiEvent, type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { createProjector, selectAnswerText } from "@agent-ui/projection";
import { Conversation, type Dispatch, RuntimeStatus } from "@agent-ui/react";
import { startServer } from "@agent-ui/server";

const events: AgentUiEvent[] = adaptRecords(parseRecords("").records, "ag-ui").events;
const projector = createProjector();
projector.applyAll(events);
const state: ProjectionState = projector.getState();
export const answer: string = selectAnswerText(state);

export const open = (sessionId: string): SessionClient =>
  connectSession({ baseUrl: "http://127.0.0.1:4318", sessionId, token: "t" });
export const dispatch: Dispatch = () => ({ status: "unavailable", idempotencyKey: "", reason: "offline" });
export const surfaces = [Conversation, RuntimeStatus] as const;
export const entryPoints = [main, runConformance, startServer] as const;
