// The runtime's record of facts that are still open (tools running, actions pending, tasks and agents
// alive). It is fed by every emitted event, so interrupt and stop can close exactly what is open, and a
// repeated answer to a resolved action can be refused without emitting anything.
import type { RuntimeEvent } from "@agent-ui/contracts";
import type { EventFields } from "./writer";

const TERMINAL_TASK_EVENTS = new Set([
  "task.completed",
  "task.failed",
  "task.cancelled",
  "task.timed_out",
  "task.lost",
  "task.archived",
]);
const TERMINAL_AGENT_EVENTS = new Set(["subagent.completed", "subagent.failed", "subagent.closed"]);

/** The envelope ids needed to close an open fact in the same scope. */
const SCOPE_KEYS = [
  "threadId",
  "turnId",
  "runId",
  "stepId",
  "toolCallId",
  "actionId",
  "taskId",
  "subagentId",
];

function scopeOf(event: RuntimeEvent): EventFields {
  const fields: EventFields = {};
  for (const key of SCOPE_KEYS) if (typeof event[key] === "string") fields[key] = event[key];
  return fields;
}

export type ActionState = "pending" | "resolved" | "cancelled";

export class OpenFacts {
  readonly tools = new Map<string, EventFields>();
  readonly actions = new Map<string, { fields: EventFields; state: ActionState }>();
  readonly tasks = new Map<string, EventFields>();
  readonly agents = new Map<string, EventFields>();

  observe(event: RuntimeEvent): void {
    const { type } = event;
    if (type === "tool.started" && event.toolCallId) this.tools.set(event.toolCallId, scopeOf(event));
    else if ((type === "tool.result" || type === "tool.failed") && event.toolCallId)
      this.tools.delete(event.toolCallId);
    else if (type === "action.required" && event.actionId)
      this.actions.set(event.actionId, { fields: scopeOf(event), state: "pending" });
    else if (type === "action.resolved" && event.actionId) {
      const action = this.actions.get(event.actionId);
      if (action) action.state = event.payload?.outcome === "cancelled" ? "cancelled" : "resolved";
    } else if (type.startsWith("task.") && event.taskId) {
      if (TERMINAL_TASK_EVENTS.has(type)) this.tasks.delete(event.taskId);
      else if (!this.tasks.has(event.taskId)) this.tasks.set(event.taskId, scopeOf(event));
    } else if (type === "subagent.spawned" && event.subagentId)
      this.agents.set(event.subagentId, scopeOf(event));
    else if (TERMINAL_AGENT_EVENTS.has(type) && event.subagentId) this.agents.delete(event.subagentId);
  }

  /** Open facts in a scope: every key given must match. */
  within<T>(
    map: Map<string, T>,
    match: (fields: EventFields) => boolean,
    fieldsOf: (value: T) => EventFields,
  ) {
    const found: [string, EventFields][] = [];
    for (const [id, value] of map) if (match(fieldsOf(value))) found.push([id, fieldsOf(value)]);
    return found;
  }
}
