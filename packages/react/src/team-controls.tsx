// Team controls (TEAM-14, CTRL-01): delegate, continue_agent, wait, stop, close, assign and
// request_review, each a controlled write to the team's owner through `dispatch`. Every control waits for
// the runtime fact that confirms it (a new teammate, a status, an assignee, a review) before the surface
// changes, and explains itself when disabled (FALL-06).
import type { AgentRecord, TeamSlice, WorkItem } from "@agent-ui/contracts";
import { type FormEvent, useId, useMemo, useState } from "react";
import type { Dispatch } from "./commands";
import { ControlButton, DisabledReason, WriteFeedback, useControlledWrite } from "./controlled-write";
import { honestText } from "./honest";

const RUNNING = new Set(["spawning", "running", "waiting", "needs_input", "plan_ready"]);
const ENDED = new Set(["closed", "killed"]);

/** True while the teammate is doing (or about to do) work: it can be stopped or waited on, not closed. */
export function isTeammateRunning(agent: AgentRecord | undefined): boolean {
  return agent !== undefined && RUNNING.has(agent.status);
}

function agentName(agent: AgentRecord | undefined, id: string): string {
  return agent && !(agent.name === "unknown" || agent.name === "unavailable") ? agent.name : id;
}

/** Delegate new work: text plus an optional teammate name and role. The new teammate appears only when
 * the runtime reports it (the roster grows). */
export function DelegateForm({ dispatch, team, agents }: TeamControlProps) {
  const rosterSize = Math.max(team.roster.length, Object.keys(agents).length);
  const write = useControlledWrite(dispatch, rosterSize);
  const [text, setText] = useState("");
  const [agentNameValue, setAgentName] = useState("");
  const [role, setRole] = useState("");
  const reason = write.blocked ?? (text.trim() === "" ? "describe the task to delegate" : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const task = text.trim();
    if (!task || reason) return;
    const result = await write.send({
      kind: "delegate",
      text: task,
      agentName: agentNameValue.trim() || undefined,
      role: role.trim() || undefined,
    });
    // The draft is cleared only once the owner took it; a refusal keeps it for the retry.
    if (result?.status === "accepted") {
      setText("");
      setAgentName("");
      setRole("");
    }
  };
  return (
    <form className="aui-team-form" aria-label="Delegate" onSubmit={onSubmit}>
      <label className="aui-inline-label">
        Task
        <input value={text} onChange={(e) => setText(e.target.value)} placeholder="What should be done?" />
      </label>
      <label className="aui-inline-label">
        Teammate name (optional)
        <input value={agentNameValue} onChange={(e) => setAgentName(e.target.value)} />
      </label>
      <label className="aui-inline-label">
        Role (optional)
        <input value={role} onChange={(e) => setRole(e.target.value)} />
      </label>
      <button type="submit" className="aui-button" disabled={write.pending || !!reason}>
        Delegate
      </button>
      <DisabledReason reason={reason} />
      <WriteFeedback write={write} label="Delegate" />
    </form>
  );
}

export interface TeamControlProps {
  dispatch: Dispatch;
  team: TeamSlice;
  agents: Record<string, AgentRecord>;
}

/** One teammate's controls: the teammate's id and its record (undefined while the runtime has not said). */
export interface TeammateProps {
  dispatch: Dispatch;
  agentId: string;
  agent: AgentRecord | undefined;
}

/** Stop (while running) and close (only when not running) for one teammate. */
export function TeammateControls({ dispatch, agentId, agent }: TeammateProps) {
  const name = agentName(agent, agentId);
  const status = agent?.status ?? "unknown";
  const running = isTeammateRunning(agent);
  const ended = ENDED.has(status);
  const unknown = !agent || status === "unknown";
  return (
    <>
      <ControlButton
        dispatch={dispatch}
        intent={{ kind: "stop", agentId }}
        fact={status}
        label="Stop"
        name={`Stop ${name}`}
        disabledReason={unknown ? "status: unknown" : running ? undefined : `not running (${status})`}
      />
      <ControlButton
        dispatch={dispatch}
        intent={{ kind: "close", agentId }}
        fact={status}
        label="Close"
        name={`Close ${name}`}
        disabledReason={
          unknown
            ? "status: unknown"
            : running
              ? "running — stop it first"
              : ended
                ? `already ${status}`
                : undefined
        }
      />
    </>
  );
}

/** Send more input to one teammate (from its transcript). Confirmed by the teammate's transcript or
 * status moving. */
export function ContinueAgentForm({ dispatch, agentId, agent }: TeammateProps) {
  const fact = `${agent?.status ?? "unknown"}:${agent?.transcript.length ?? 0}`;
  const write = useControlledWrite(dispatch, fact);
  const [text, setText] = useState("");
  const name = agentName(agent, agentId);
  const reason = write.blocked
    ? write.blocked
    : !agent
      ? "teammate: unknown"
      : ENDED.has(agent.status)
        ? `teammate is ${agent.status}`
        : text.trim() === ""
          ? "type the input to send"
          : undefined;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason) return;
    const result = await write.send({ kind: "continue_agent", agentId, text: text.trim() });
    if (result?.status === "accepted") setText("");
  };
  return (
    <form className="aui-team-form" aria-label={`Continue ${name}`} onSubmit={onSubmit}>
      <label className="aui-inline-label">
        Input for {name}
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="aui-button" disabled={write.pending || !!reason}>
        Send to {name}
      </button>
      <DisabledReason reason={reason} />
      <WriteFeedback write={write} label="Continue" />
    </form>
  );
}

/** Wait on the selected running teammates; confirmed when any of their statuses or a wait edge changes. */
export function WaitControl({ dispatch, team, agents, selected }: TeamControlProps & { selected: string[] }) {
  const running = selected.filter((id) => isTeammateRunning(agents[id]));
  // A wait is confirmed by a wait edge appearing or turning active again, or a selected teammate moving.
  const fact = `${team.edges
    .filter((e) => e.kind === "wait")
    .map((e) => `${e.from}>${e.to}:${e.status ?? ""}`)
    .join(",")}|${running.map((id) => agents[id]?.status).join(",")}`;
  return (
    <ControlButton
      dispatch={dispatch}
      intent={{ kind: "wait", agentIds: running }}
      fact={fact}
      label="Wait for selected"
      disabledReason={running.length === 0 ? "select running teammates to wait on" : undefined}
      className="aui-button"
    />
  );
}

/** Assign one work item to a roster member; confirmed when the item's assignee changes. */
export function AssignControl({
  dispatch,
  item,
  rosterIds,
  agents,
}: {
  dispatch: Dispatch;
  item: WorkItem;
  rosterIds: string[];
  agents: Record<string, AgentRecord>;
}) {
  const write = useControlledWrite(dispatch, item.assignee);
  const [choice, setChoice] = useState("");
  const label = item.title ?? item.workItemId;
  const reason = write.blocked
    ? write.blocked
    : rosterIds.length === 0
      ? "roster: unknown"
      : choice === "" || (agents[choice] === undefined && !rosterIds.includes(choice))
        ? "pick an assignee"
        : choice === item.assignee
          ? "already assigned"
          : undefined;
  return (
    <span className="aui-control">
      {rosterIds.length <= SELECT_UP_TO ? (
        <select
          aria-label={`Assignee for ${label}`}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">assign to…</option>
          {rosterIds.map((id) => (
            <option key={id} value={id}>
              {honestText(agentName(agents[id], id))}
            </option>
          ))}
        </select>
      ) : (
        <AssigneeSearch
          label={label}
          value={choice}
          onChange={setChoice}
          rosterIds={rosterIds}
          agents={agents}
        />
      )}
      <button
        type="button"
        className="aui-button aui-button-quiet"
        aria-label={`Assign ${label}`}
        disabled={write.pending || !!reason}
        onClick={() => void write.send({ kind: "assign", workItemId: item.workItemId, assignee: choice })}
      >
        Assign
      </button>
      <DisabledReason reason={reason === "pick an assignee" ? undefined : reason} />
      <WriteFeedback write={write} label="Assign" />
    </span>
  );
}

/** Rosters up to this size pick an assignee from a select; larger ones search (a select per work item
 * row with every teammate would mount rows × roster options, PERF-04). */
const SELECT_UP_TO = 50;
const SUGGESTIONS = 20;

/** A text field that suggests at most `SUGGESTIONS` teammates whose id or name holds what was typed. */
function AssigneeSearch(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rosterIds: string[];
  agents: Record<string, AgentRecord>;
}) {
  const { value, rosterIds, agents } = props;
  const listId = useId();
  const matches = useMemo(() => {
    const wanted = value.trim().toLowerCase();
    const found: string[] = [];
    for (const id of rosterIds) {
      if (found.length >= SUGGESTIONS) break;
      const name = honestText(agentName(agents[id], id)).toLowerCase();
      if (wanted === "" || id.toLowerCase().includes(wanted) || name.includes(wanted)) found.push(id);
    }
    return found;
  }, [value, rosterIds, agents]);
  return (
    <>
      <input
        type="text"
        aria-label={`Assignee for ${props.label}`}
        placeholder="assign to… (teammate id)"
        list={listId}
        value={value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <datalist id={listId}>
        {matches.map((id) => (
          <option key={id} value={id}>
            {honestText(agentName(agents[id], id))}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** Ask for a review of a target ref (an artifact id, a teammate's result ref). Confirmed when the review
 * lane holds a review of that target. */
export function RequestReviewButton({
  dispatch,
  target,
  reviews,
  name,
}: {
  dispatch: Dispatch;
  /** Undefined when the result has no ref the review owner could resolve. */
  target: string | undefined;
  reviews: TeamSlice["reviews"];
  name?: string;
}) {
  const count = target ? reviews.filter((r) => r.target === target).length : 0;
  return (
    <ControlButton
      dispatch={dispatch}
      intent={{ kind: "request_review", target: target ?? "" }}
      fact={count}
      label="Request review"
      name={name}
      disabledReason={target ? undefined : "result ref: unavailable"}
    />
  );
}
