// Closing what a cancelled scope left open (TOOL-11, CTRL-06): every pending action, running tool, live
// agent and open task in the scope gets exactly one terminal fact, so nothing runs forever in the UI.
import type { DemoEngine } from "./engine";
import type { EventFields } from "./writer";

/** Facts of one worker: its agent's or its task's (only ids the worker really has). */
export function inWorkerScope({ taskId, subagentId }: EventFields): (fields: EventFields) => boolean {
  return (f) =>
    (subagentId !== undefined && f.subagentId === subagentId) ||
    (taskId !== undefined && f.taskId === taskId);
}

/** Emits the closing fact of every open action, tool, agent and task in a scope (TOOL-11, CTRL-06). */
export function closeOpenFacts(
  engine: DemoEngine,
  inScope: (fields: EventFields) => boolean,
  reason: string,
) {
  const { facts } = engine;
  for (const [actionId, action] of facts.actions)
    if (action.state === "pending" && inScope(action.fields))
      engine.emit(
        "action.resolved",
        { ...action.fields, actionId, status: "cancelled" },
        { outcome: "cancelled", reason },
      );
  for (const [, fields] of [...facts.tools].filter(([, f]) => inScope(f)))
    engine.emit(
      "tool.failed",
      { ...fields, status: "cancelled" },
      { cancelled: true, failureCategory: "interrupted", error: reason, retryable: true },
    );
  for (const [, fields] of [...facts.agents].filter(([, f]) => inScope(f)))
    engine.emit("subagent.closed", { ...fields, status: "closed" }, { status: "closed", reason });
  for (const [, fields] of [...facts.tasks].filter(([, f]) => inScope(f)))
    engine.emit("task.cancelled", { ...fields, status: "cancelled" }, { status: "cancelled", reason });
}
