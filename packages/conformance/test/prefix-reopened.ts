// Nothing resolved reappears pending: once a prefix shows an approval or question (action), a tool call,
// a task, a queued input, a steer, a teammate or a process part (tool, action, delegated task) closed —
// resolved, completed, failed, cancelled —, no later prefix shows it pending, running or queued again.
//
// When the runtime really re-raised it: under a new id it is a new record, so nothing to forgive; under the
// same id only an explicit re-request counts, read from what the stream established:
// - a tool started again after it ended is a retry: a new attempt (`tool.started`, TOOL-07);
// - a task that runs again records a new attempt, or the runtime says it is `retrying` (TASK-07);
// - a teammate is started again by a new `agent.spawned`;
// - an action, a queued input and a steer never reopen under their id: a runtime asks again, queues
//   again or steers again with a new id (HITL-05, QUEUE-08), so reopening is always reported.
// A closed process part reopens only with its record (its tool, task or teammate).
// LangGraph interrupts are actions: one the resumed graph asks again is never shown resolved before
// (the adapter keeps it pending), so it needs no exception here.
import type { MessagePart, ProjectionState } from "@agent-ui/contracts";
import { TOOL_TERMINAL_STATES } from "@agent-ui/contracts";

interface Entry {
  status: string;
  /** Grows when the stream explicitly raised the record again (a new attempt, a new spawn). */
  raisedAgain: string;
}

interface Lifecycle {
  what: string;
  closed: ReadonlySet<string>;
  open: ReadonlySet<string>;
  entries(state: ProjectionState): Iterable<[string, Entry]>;
}

const set = (...values: string[]): ReadonlySet<string> => new Set(values);
const NEVER = "";

const LIFECYCLES: Lifecycle[] = [
  {
    what: "action",
    closed: set("resolved", "expired", "cancelled"),
    open: set("pending", "responding", "stale"),
    *entries(state) {
      for (const [id, a] of Object.entries(state.actions))
        yield [id, { status: a.status, raisedAgain: NEVER }];
    },
  },
  {
    what: "tool",
    closed: new Set(TOOL_TERMINAL_STATES),
    open: set("input-streaming", "input-available", "approval-requested", "running"),
    *entries(state) {
      for (const [id, t] of Object.entries(state.tools))
        yield [id, { status: t.status, raisedAgain: String(t.attempts.length) }];
    },
  },
  {
    what: "task",
    closed: set("completed", "failed", "cancelled", "archived"),
    open: set(
      "running",
      "queued",
      "steering",
      "needs_input",
      "plan_ready",
      "permission_required",
      "cancelling",
      "paused",
      "blocked",
    ),
    *entries(state) {
      for (const [id, t] of Object.entries(state.tasks))
        yield [
          id,
          {
            status: t.status,
            raisedAgain: t.status === "retrying" ? "retrying" : String(t.attempts.length),
          },
        ];
    },
  },
  {
    what: "queued input",
    closed: set("removed", "started", "failed"),
    open: set("queued", "promoted"),
    *entries(state) {
      for (const item of state.queue.items) yield [item.id, { status: item.status, raisedAgain: NEVER }];
    },
  },
  {
    what: "steer",
    closed: set("accepted", "rejected", "cancelled"),
    open: set("pending"),
    *entries(state) {
      for (const steer of state.queue.steers) yield [steer.id, { status: steer.status, raisedAgain: NEVER }];
    },
  },
  {
    what: "teammate",
    closed: set("completed", "failed", "killed", "closed"),
    open: set("spawning", "running"),
    *entries(state) {
      for (const [id, agent] of Object.entries(state.agents))
        yield [id, { status: agent.status, raisedAgain: spawnOf(agent) }];
    },
  },
  {
    what: "part",
    closed: set("done"),
    open: set("streaming"),
    *entries(state) {
      for (const m of state.messages)
        for (const p of m.parts) {
          if (!PROCESS_PARTS.has(p.kind)) continue;
          yield [`${m.id}|${p.id} (${p.kind})`, { status: p.status, raisedAgain: reopenedRecord(state, p) }];
        }
    },
  },
];

const PROCESS_PARTS = set("tool_call", "action_required", "agent_task");

/** A teammate last stated by an `agent.spawned` was (re)started by it: a new spawn is a re-raise. */
function spawnOf(agent: ProjectionState["agents"][string]): string {
  return agent.source?.type === "agent.spawned" ? (agent.source.eventId ?? NEVER) : NEVER;
}

/** A part follows its record: when the record re-raised (a tool's new attempt, a task's, a teammate's
 * new spawn), so may it. */
function reopenedRecord(state: ProjectionState, part: MessagePart): string {
  const tool = part.toolCallId !== undefined ? state.tools[part.toolCallId] : undefined;
  if (tool !== undefined) return `tool:${tool.attempts.length}`;
  const task = part.taskId !== undefined ? state.tasks[part.taskId] : undefined;
  if (task !== undefined) return `task:${task.attempts.length}:${task.status === "retrying"}`;
  const agent = part.agentId !== undefined ? state.agents[part.agentId] : undefined;
  if (agent !== undefined && spawnOf(agent) !== NEVER) return `agent:${spawnOf(agent)}`;
  return NEVER;
}

/** Watches the prefixes in order and reports a record shown open after a prefix showed it closed. */
export class Reopened {
  /** `what:id` → the re-raise marker it had when it was last seen closed. */
  private readonly closedAt = new Map<string, string>();
  private readonly seenClosed = new Set<string>();

  /** How many records were seen closed. */
  get everClosed(): number {
    return this.seenClosed.size;
  }

  observe(state: ProjectionState): string[] {
    const out: string[] = [];
    for (const life of LIFECYCLES)
      for (const [id, entry] of life.entries(state)) {
        const key = `${life.what}:${id}`;
        if (life.closed.has(entry.status)) {
          this.closedAt.set(key, entry.raisedAgain);
          this.seenClosed.add(key);
        } else if (life.open.has(entry.status) && this.closedAt.has(key)) {
          if (this.closedAt.get(key) === entry.raisedAgain || entry.raisedAgain === NEVER)
            out.push(`${life.what} ${id} is ${entry.status} again`);
          this.closedAt.delete(key);
        }
      }
    return out;
  }
}
