// InlineProcess: the process parts of one assistant turn, in runtime order (PROC-01). Expanded while any
// step is live (PROC-02); once done it collapses to a one-line summary built from stable facts — tool
// names, counts, complete summaries — never from partial tokens (PROC-03/05); failed tools stay in view
// (PROC-06). Expansion is UI-only state.
import type { ActionRecord, AgentRecord, MessagePart, ToolRecord } from "@agent-ui/contracts";
import { TOOL_TERMINAL_STATES } from "@agent-ui/contracts";
import { useState } from "react";
import { ApprovalCard } from "./approval-card";
import type { Dispatch } from "./commands";
import { FactLink } from "./fact-link";
import { Badge, honestText, isUnknown } from "./honest";
import type { DetailLoader } from "./lazy-detail";
import { ToolRow } from "./tool-row";

export interface InlineProcessProps {
  parts: MessagePart[];
  tools: Record<string, ToolRecord>;
  actions: Record<string, ActionRecord>;
  agents?: Record<string, AgentRecord>;
  dispatch: Dispatch;
  /** Opens the team workbench at one teammate (`agent_task` steps link there instead of expanding). */
  onOpenAgent?: (agentId: string) => void;
  /** Reads a tool's full output by its ref, on demand. */
  loadDetail?: DetailLoader;
}

/** A part is live while it streams or its fact (tool, action) has not reached a terminal state. */
export function isPartLive(
  part: MessagePart,
  tools: Record<string, ToolRecord>,
  actions: Record<string, ActionRecord>,
): boolean {
  if (part.status === "streaming") return true;
  const tool = part.toolCallId ? tools[part.toolCallId] : undefined;
  if (tool && !TOOL_TERMINAL_STATES.includes(tool.status)) return true;
  const action = part.actionId ? actions[part.actionId] : undefined;
  return action?.status === "pending" || action?.status === "responding";
}

/** One line from stable facts: counts, tool names and the runtime's recorded decisions (HITL-10 audit). */
export function summarizeProcess(
  parts: MessagePart[],
  tools: Record<string, ToolRecord>,
  actions: Record<string, ActionRecord> = {},
): string {
  const toolNames: string[] = [];
  const seenTools = new Set<string>();
  const outcomes: string[] = [];
  let reasoning = 0;
  let decisions = 0;
  let teammateTasks = 0;
  let other = 0;
  for (const part of parts) {
    if ((part.kind === "tool_call" || part.kind === "tool_result") && part.toolCallId) {
      if (seenTools.has(part.toolCallId)) continue;
      seenTools.add(part.toolCallId);
      toolNames.push(honestText(tools[part.toolCallId]?.name ?? part.title));
    } else if (part.kind === "reasoning_summary" || part.kind === "reasoning_detail") reasoning++;
    else if (part.kind === "agent_task") teammateTasks++;
    else if (part.kind === "action_required") {
      decisions++;
      const action = part.actionId ? actions[part.actionId] : undefined;
      if (action?.status === "resolved") outcomes.push(action.decision ?? "unknown");
      else if (action) outcomes.push(action.status);
    } else other++;
  }
  const bits: string[] = [];
  if (reasoning) bits.push(`${reasoning} reasoning`);
  if (toolNames.length)
    bits.push(`${toolNames.length} tool${toolNames.length > 1 ? "s" : ""} (${toolNames.join(", ")})`);
  if (decisions)
    bits.push(
      `${decisions} decision${decisions > 1 ? "s" : ""}${outcomes.length ? ` (${outcomes.join(", ")})` : ""}`,
    );
  if (teammateTasks) bits.push(`${teammateTasks} teammate task${teammateTasks > 1 ? "s" : ""}`);
  if (other) bits.push(`${other} step${other > 1 ? "s" : ""}`);
  return bits.join(" · ") || "no steps";
}

export function InlineProcess({
  parts,
  tools,
  actions,
  agents,
  dispatch,
  onOpenAgent,
  loadDetail,
}: InlineProcessProps) {
  const live = parts.some((p) => isPartLive(p, tools, actions));
  const [userOpen, setUserOpen] = useState<boolean | null>(null);
  const expanded = live || userOpen === true;
  const summary = summarizeProcess(parts, tools, actions);
  const shownTools = new Set<string>();
  return (
    <section
      className={`aui-inline-process${live ? " aui-live" : ""}`}
      aria-label="Process"
      data-expanded={expanded}
    >
      <header className="aui-row-head">
        <Badge value={live ? "running" : "completed"} />
        <span className="aui-process-summary">{summary}</span>
        {!live ? (
          <button
            type="button"
            className="aui-button aui-button-quiet"
            aria-expanded={expanded}
            onClick={() => setUserOpen(!expanded)}
          >
            {expanded ? "Collapse" : "Show steps"}
          </button>
        ) : null}
      </header>
      {expanded ? (
        <ol className="aui-process-steps">
          {parts.map((part) => {
            if (part.toolCallId && (part.kind === "tool_call" || part.kind === "tool_result")) {
              if (shownTools.has(part.toolCallId)) return null;
              shownTools.add(part.toolCallId);
            }
            return (
              <li key={part.id}>
                {renderStep(part, { tools, actions, agents, dispatch, onOpenAgent, loadDetail })}
              </li>
            );
          })}
        </ol>
      ) : (
        <FailedSteps parts={parts} tools={tools} dispatch={dispatch} loadDetail={loadDetail} />
      )}
    </section>
  );
}

/** A collapsed process still shows the tools that failed (PROC-06: errors are promoted), each once. */
function FailedSteps({
  parts,
  tools,
  dispatch,
  loadDetail,
}: Pick<InlineProcessProps, "parts" | "tools" | "dispatch" | "loadDetail">) {
  const failed = new Map<string, ToolRecord>();
  for (const part of parts) {
    const tool = part.toolCallId ? tools[part.toolCallId] : undefined;
    if (tool?.status === "output-error") failed.set(tool.toolCallId, tool);
  }
  if (failed.size === 0) return null;
  return (
    <ol className="aui-process-steps" aria-label="Failed steps">
      {[...failed.values()].map((tool) => (
        <li key={tool.toolCallId}>
          <ToolRow tool={tool} dispatch={dispatch} loadDetail={loadDetail} />
        </li>
      ))}
    </ol>
  );
}

function renderStep(part: MessagePart, ctx: Omit<InlineProcessProps, "parts">) {
  // An action part usually names its gated tool too; the action is what this step is about.
  const action = part.kind === "action_required" && part.actionId ? ctx.actions[part.actionId] : undefined;
  if (action) return <ApprovalCard action={action} dispatch={ctx.dispatch} agents={ctx.agents} />;
  const isToolPart = part.kind === "tool_call" || part.kind === "tool_result";
  const tool = isToolPart && part.toolCallId ? ctx.tools[part.toolCallId] : undefined;
  if (tool) return <ToolRow tool={tool} dispatch={ctx.dispatch} loadDetail={ctx.loadDetail} />;
  if (part.kind === "agent_task") return <AgentTaskLink part={part} {...ctx} />;
  const label = part.kind.replaceAll("_", " ");
  return (
    <p className={`aui-step aui-step-${part.kind}`}>
      <span className="aui-step-kind">{label}</span>{" "}
      {part.title ?? part.text ?? (part.status === "streaming" ? "…" : "")}
    </p>
  );
}

/** A delegated task as one line linking to the teammate in the team workbench: who, which task, from whom
 * — lineage only as the runtime stated it, `lineage unknown` otherwise (TEAM-18) — and the state the
 * projection recorded on the part (the task's, else the teammate's). */
function AgentTaskLink({
  part,
  agents,
  onOpenAgent,
}: { part: MessagePart } & Omit<InlineProcessProps, "parts">) {
  const data = part.data ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const agentId = part.agentId;
  const nameOf = (id: string) => {
    const name = agents?.[id]?.name;
    return name === undefined || isUnknown(name) ? id : name;
  };
  const label = agentId ? nameOf(agentId) : (part.taskId ?? "unknown teammate");
  const parentAgent = text(data.parentAgentId) ?? (agentId ? agents?.[agentId]?.parentAgentId : undefined);
  const parentTask = text(data.parentTaskId);
  const detail = [
    part.title && part.title !== label && part.title !== agentId ? part.title : undefined,
    agentId && part.taskId ? `task ${part.taskId}` : undefined,
    parentAgent ? `from ${nameOf(parentAgent)}` : undefined,
    parentTask ? `under task ${parentTask}` : undefined,
    data.lineage === "unknown" ? "lineage unknown" : undefined,
    // The runtime's queue position while the queue lists the task or turn (QUEUE-06).
    typeof data.queuePosition === "number" ? `queue position ${data.queuePosition}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <FactLink
      kind="teammate task"
      label={label}
      status={text(data.state) ?? (agentId ? agents?.[agentId]?.status : undefined) ?? "unknown"}
      detail={detail}
      onOpen={agentId && onOpenAgent ? () => onOpenAgent(agentId) : undefined}
    />
  );
}
