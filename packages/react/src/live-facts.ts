// Which facts are expanded in the live inline process right now, so the timeline shows a placeholder for
// them instead of a second expanded copy (PROC-04). Linear in the live tools and actions.
import type { ProjectionState } from "@agent-ui/contracts";
import { TOOL_TERMINAL_STATES } from "@agent-ui/contracts";

export function inlineFactIds(state: Pick<ProjectionState, "tools" | "actions">): Set<string> {
  const ids = new Set<string>();
  for (const tool of Object.values(state.tools))
    if (!TOOL_TERMINAL_STATES.includes(tool.status)) ids.add(tool.toolCallId);
  for (const action of Object.values(state.actions)) {
    if (action.status === "pending" || action.status === "responding") ids.add(action.actionId);
  }
  return ids;
}
