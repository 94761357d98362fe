// A recorded AG-UI run, adapted and projected once: the state a live session would show at its end.
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import recorded from "./run.jsonl?raw";

export function recordedState(): ProjectionState {
  const { events } = adaptRecords(parseRecords(recorded).records, "ag-ui", { sessionId: "recorded" });
  const projector = createProjector();
  projector.applyAll(events);
  return projector.getState();
}
