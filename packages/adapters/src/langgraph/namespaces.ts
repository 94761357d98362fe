// Namespaced subgraphs as subagents (TEAM-02, TEAM-18). Each namespace level (`research:<task id>`) is
// announced once with its parent (the enclosing namespace, or the thread once its id is known), and
// completes when its parent's update for that node arrives.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import { compact } from "../shared/record";

interface NamespaceState {
  node: string;
  parent?: string;
  completed: boolean;
  lineageKnown: boolean;
}

/** Emits with the adapter's run/thread fields; `key` gives a stable, replay-safe id. */
export type NamespaceEmit = (type: string, fields: EventFields, key?: string) => AgentUiEvent;

export class NamespaceBook {
  private readonly namespaces = new Map<string, NamespaceState>();

  node(key: string): string | undefined {
    return this.namespaces.get(key)?.node;
  }

  announce(namespace: string[], threadId: string | undefined, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (let depth = 1; depth <= namespace.length; depth++) {
      const key = namespace.slice(0, depth).join("|");
      if (this.namespaces.has(key)) continue;
      const node = namespace[depth - 1].split(":")[0];
      const parent = depth > 1 ? namespace.slice(0, depth - 1).join("|") : undefined;
      this.namespaces.set(key, {
        node,
        parent,
        completed: false,
        lineageKnown: parent !== undefined || threadId !== undefined,
      });
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
    for (const [key, ns] of this.namespaces) {
      if (ns.lineageKnown || ns.parent !== undefined) continue;
      ns.lineageKnown = true;
      out.push(
        emit("agent.changed", { agentId: key, parentThreadId: threadId, runtimeEntity: "subagent_turn" }),
      );
    }
    return out;
  }

  /** A node update at the parent level means the subgraph run by that node has returned. */
  completeChildren(parentKey: string, node: string, emit: NamespaceEmit): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const [key, ns] of this.namespaces) {
      if (ns.completed || ns.node !== node || (ns.parent ?? "") !== parentKey) continue;
      ns.completed = true;
      const fields: EventFields = {
        agentId: key,
        taskId: key,
        runtimeEntity: "subagent_turn",
        phase: "completed",
      };
      out.push(emit("task.changed", { ...fields, payload: { status: "completed", title: ns.node } }));
      out.push(emit("agent.completed", { ...fields, payload: { status: "completed" } }));
    }
    return out;
  }
}
