// Namespaced subgraphs as subagents (TEAM-02, TEAM-18). Each namespace level (`research:<task id>`) is
// announced once with its parent (the enclosing namespace, or the thread once its id is known), and
// completes when its parent's update for that node arrives. Open namespaces are indexed by parent and
// node, so a node update costs O(the subgraphs it completes), however long the session.
//
// The table is bounded (`MAX_NAMESPACES`, the namespaces a stream names are the stranger's to choose) by
// the adapters' one mechanism (shared/bounded): when it is full, the namespace that completed longest
// ago is forgotten to make room (its task id is not named again: LangGraph task ids are per execution).
// When every tracked namespace is still open, a new one is not tracked: one `source_limit_exceeded`
// diagnostic names the table, its events still carry its agent id (nothing they say is dropped), and it
// is announced once a completion makes room.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import type { EventFields } from "../shared/emitter";
import { compact } from "../shared/record";

/** Namespaces tracked at once (open and completed); completed ones are forgotten first. */
export const MAX_NAMESPACES = 1024;

/** Emits with the adapter's run/thread fields; `key` gives a stable, replay-safe id. */
export type NamespaceEmit = (type: string, fields: EventFields, key?: string) => AgentUiEvent;

interface TrackedNamespace {
  node: string;
  /** A top-level namespace announced before the thread id was known: its parent edge comes later. */
  orphan: boolean;
}

export class NamespaceBook {
  /** Every namespace tracked, announced once whether open or completed (`close`d): the completed ones
   * are forgotten first, the one completed longest ago first. */
  private readonly tracked: BoundedTable<TrackedNamespace>;
  /** Open (not completed) namespaces: parent key ("" for the root) → node → keys in announce order. */
  private readonly open = new Map<string, Map<string, string[]>>();

  constructor(notices: LimitNotices) {
    const consequence =
      "while every one is open, a new one is not tracked (no spawn, parent or completion) until one completes; its events still carry its agent id";
    // A completed namespace's task id is not named again: forgetting it costs nothing.
    const limit = { table: "subgraph namespace", cap: MAX_NAMESPACES, consequence, warnOnlyForOpen: true };
    this.tracked = new BoundedTable(limit, notices);
  }

  node(key: string): string | undefined {
    return this.tracked.get(key)?.node;
  }

  announce(namespace: string[], threadId: string | undefined, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (let depth = 1; depth <= namespace.length; depth++) {
      const key = namespace.slice(0, depth).join("|");
      if (this.tracked.has(key)) continue;
      const node = namespace[depth - 1].split(":")[0];
      const parent = depth > 1 ? namespace.slice(0, depth - 1).join("|") : undefined;
      const orphan = parent === undefined && threadId === undefined;
      if (!this.tracked.set(key, { node, orphan })) break;
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
    for (const [key, tracked] of this.tracked.entriesInOrder()) {
      if (!tracked.orphan) continue;
      tracked.orphan = false;
      out.push(
        emit("agent.changed", { agentId: key, parentThreadId: threadId, runtimeEntity: "subagent_turn" }),
      );
    }
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
      this.tracked.close(key);
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
}
