// Remote task state → the Agent UI vocabularies: teammate status, runtime task status (crosswalked to the
// capsule by the projection, D.4), envelope runtime status and phase. Remote states are never all
// `failed` (REM-02): input/auth needs wait, cancel and reject keep their own meaning.
import type { TeammateStatus } from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import type { RemoteState } from "./normalize";
import { lookupTable } from "@agent-ui/contracts";

export const TEAMMATE_STATUS: Record<RemoteState, TeammateStatus> = lookupTable({
  submitted: "spawning",
  working: "running",
  input_required: "needs_input",
  auth_required: "needs_input",
  completed: "completed",
  failed: "failed",
  canceled: "killed",
  rejected: "failed",
  unknown: "unknown",
});
/** Remote state → runtime task status (RUNTIME_TASK_STATUSES), which the projection crosswalks (D.4). */
export const TASK_STATUS: Record<RemoteState, string> = lookupTable({
  submitted: "accepted",
  working: "running",
  input_required: "waiting_input",
  auth_required: "waiting_permission",
  completed: "completed",
  failed: "failed",
  canceled: "cancelled",
  rejected: "failed",
  unknown: "unknown",
});
export const RUNTIME_STATUS: Record<RemoteState, string> = lookupTable({
  submitted: "submitted",
  working: "running",
  input_required: "needs_input",
  auth_required: "needs_input",
  completed: "completed",
  failed: "failed",
  canceled: "cancelled",
  rejected: "failed",
  unknown: "unknown",
});
export const PHASE: Record<RemoteState, EventFields["phase"]> = lookupTable({
  submitted: "submitted",
  working: "acting",
  input_required: "waiting",
  auth_required: "waiting",
  completed: "completed",
  failed: "failed",
  canceled: "cancelled",
  rejected: "failed",
  unknown: undefined,
});
export const TERMINAL = new Set<RemoteState>(["completed", "failed", "canceled", "rejected"]);
