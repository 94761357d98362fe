// Namespaced subgraphs as subagents (TEAM-02, TEAM-18). Each namespace level (`research:<task id>`) is
// announced once with its parent (the enclosing namespace, or the thread once its id is known), and
// completes when its parent's update for that node arrives. Open namespaces are indexed by parent and
// node, so a node update costs O(the subgraphs it completes), however long the session.
//
// The table is bounded (`MAX_NAMESPACES`, the namespaces a stream names are the stranger's to choose):
// when it is full, the namespace that completed longest ago is forgotten to make room (its task id is
// not named again: LangGraph task ids are per execution). When every tracked namespace is still open, a
// new one is not tracked: one `source_limit_exceeded` diagnostic says so, its events still carry its
// agent id (nothing they say is dropped), and it is announced once a completion makes room.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import { compact } from "../shared/record";

/** Namespaces tracked at once (open and completed); completed ones are forgotten first. */
export const MAX_NAMESPACES = 1024;

/** Emits with the adapter's run/thread fields; `key` gives a stable, replay-safe id. */
export type NamespaceEmit = (type: string, fields: EventFields, key?: string) => AgentUiEvent;

export class NamespaceBook {
  /** Every namespace tracked (key → its node): announced once, whether open or completed. */
  private readonly nodes = new Map<string, string>();
  /** Tracked namespaces that completed, oldest first: the first to forget when the table is full. */
  private readonly completed = new Set<string>();
  /** Open (not completed) namespaces: parent key ("" for the root) → node → keys in announce order. */
  private readonly open = new Map<string, Map<string, string[]>>();
  /** Top-level namespaces announced before the thread id was known. */
  private readonly orphans = new Set<string>();
  /** A new namespace found the table full (reported once until one is tracked again). */
  private full = false;

  node(key: string): string | undefined {
    return this.nodes.get(key);
  }

  announce(namespace: string[], threadId: string | undefined, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (let depth = 1; depth <= namespace.length; depth++) {
      const key = namespace.slice(0, depth).join("|");
      if (this.nodes.has(key)) continue;
      if (!this.makeRoom()) {
        if (!this.full) out.push(this.overflow(key, emit));
        this.full = true;
        break;
      }
      this.full = false;
      const node = namespace[depth - 1].split(":")[0];
      const parent = depth > 1 ? namespace.slice(0, depth - 1).join("|") : undefined;
      this.nodes.set(key, node);
      if (parent === undefined && threadId === undefined) this.orphans.add(key);
      const byNode = this.open.get(parent ?? "") ?? new Map<string, string[]>();
      this.open.set(parent ?? "", byNode);
      const keys = byNode.get(node);
      if (keys === undefined) byNode.set(node, [key]);
      else keys.push(key);
      const fields = compact<EventFields>({
        agentId: key,
        taskId: key,
        parentThreadId: parent === undefined ? threadId : undefined,
        runtimeEntity: "subagent_turn",
        topology: "coordinator_team",
        phase: "acting",
        payload: compact({ agentName: node, role: "subgraph", status: "running", parentAgentId: parent }),
      });
      out.push(emit("agent.spawned", fields, `ns:${key}`));
    }
    return out;
  }

  /** The thread id arrived after top-level subgraphs were announced: their parent edge is now known. */
  learnThread(threadId: string, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const key of this.orphans)
      out.push(
        emit("agent.changed", { agentId: key, parentThreadId: threadId, runtimeEntity: "subagent_turn" }),
      );
    this.orphans.clear();
    return out;
  }

  /** A node update at the parent level means the subgraph run by that node has returned. */
  completeChildren(parentKey: string, node: string, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    const byNode = this.open.get(parentKey);
    const keys = byNode?.get(node);
    if (byNode === undefined || keys === undefined) return out;
    byNode.delete(node);
    if (byNode.size === 0) this.open.delete(parentKey);
    for (const key of keys) {
      this.completed.add(key);
      const fields: EventFields = {
        agentId: key,
        taskId: key,
        runtimeEntity: "subagent_turn",
        phase: "completed",
      };
      out.push(emit("task.changed", { ...fields, payload: { status: "completed", title: node } }));
      out.push(emit("agent.completed", { ...fields, payload: { status: "completed" } }));
    }
    return out;
  }

  /** Room for one more namespace: forgets the namespace that completed longest ago when full. */
  private makeRoom(): boolean {
    if (this.nodes.size < MAX_NAMESPACES) return true;
    const oldest = this.completed.values().next();
    if (oldest.done === true) return false;
    this.completed.delete(oldest.value);
    this.nodes.delete(oldest.value);
    this.orphans.delete(oldest.value);
    return true;
  }

  private overflow(key: string, emit: NamespaceEmit): AgentUiEvent {
    const message = `more than ${MAX_NAMESPACES} subgraph namespaces are open at once: ${key} and any other new one are not tracked (no spawn, parent or completion) until one completes; their events still carry their agent id`;
    const payload = { code: "source_limit_exceeded", severity: "warning", message };
    return emit("diagnostic.changed", { payload }, `ns-limit:${key}`);
  }
}
