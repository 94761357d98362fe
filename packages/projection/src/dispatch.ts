// Event class → family reducer. One table, so adding a family is one line (ENV-01: `type` is the
// reducer discriminant).
import { actionHandlers } from "./families/action";
import { agentHandlers } from "./families/agent";
import { artifactHandlers } from "./families/artifact";
import { contextHandlers } from "./families/context";
import { diagnosticHandlers } from "./families/diagnostics";
import { evidenceHandlers } from "./families/evidence";
import { messagesSnapshotHandlers } from "./families/messages-snapshot";
import { permissionHandlers } from "./families/permission";
import { queueHandlers } from "./families/queue";
import { reasoningHandlers } from "./families/reasoning";
import { runHandlers } from "./families/run";
import { sessionHandlers } from "./families/session";
import { stateHandlers } from "./families/state-snapshot";
import { taskHandlers } from "./families/task";
import { textHandlers } from "./families/text";
import { toolHandlers } from "./families/tool";
import type { EventContext, Store } from "./store";

export type Handler = (store: Store, ctx: EventContext) => void;

export const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>(
  Object.entries({
    ...sessionHandlers,
    ...runHandlers,
    ...textHandlers,
    ...reasoningHandlers,
    ...toolHandlers,
    ...actionHandlers,
    ...queueHandlers,
    ...taskHandlers,
    ...agentHandlers,
    ...artifactHandlers,
    ...evidenceHandlers,
    ...contextHandlers,
    ...permissionHandlers,
    ...stateHandlers,
    ...messagesSnapshotHandlers,
    ...diagnosticHandlers,
  }),
);
