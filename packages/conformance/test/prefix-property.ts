// The prefix property: a UI that applies a stream event by event never shows a state the runtime did
// not have. `dishonesty(events)` projects every prefix (long streams sampled: every event near the start,
// then evenly) and reports, as readable lines:
// - a text part that is not a prefix of what that part shows at the end (replacement, flicker);
// - a user message once shown and then gone (lost), or not shown from the prefix whose event carries it
//   (late, prefix-user-inputs.ts), or stated by an event and never shown;
// - something resolved shown pending, running or queued again (prefix-reopened.ts);
// - once the run ended, a part streaming (a delegated task or a pending action may still be open), a tool
//   running or a teammate running or spawning; a finished teammate with a part still streaming or an
//   action it asked for still pending;
// - the prompt a stream carries not shown from the first prefix that shows anything answering it.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { Reopened } from "./prefix-reopened";
import { UserInputs } from "./prefix-user-inputs";

const MAX_PREFIXES = 80;
const TERMINAL_RUN = new Set(["completed", "failed", "cancelled"]);
const FINISHED_AGENT = new Set(["completed", "failed", "killed", "closed"]);

/** Prefix lengths to check: all of them for short streams, else the first 20 and an even sample. */
export function cuts(length: number, max = MAX_PREFIXES): number[] {
  if (length <= max) return Array.from({ length }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let i = 1; i <= 20; i++) out.add(i);
  const step = (length - 20) / (max - 20);
  for (let k = 1; k <= max - 20; k++) out.add(Math.min(length, 20 + Math.round(k * step)));
  out.add(length);
  return [...out].sort((a, b) => a - b);
}

const textParts = (state: ProjectionState) =>
  new Map(
    state.messages.flatMap((m) =>
      m.parts
        .filter((p) => p.kind === "assistant_text" || p.kind === "user_text")
        .map((p): [string, string] => [`${m.id}|${p.id}`, p.text ?? ""]),
    ),
  );

/** The conversation's message ids in order, with the user's own messages marked. */
const conversation = (state: ProjectionState) =>
  state.messages.map((m) => ({ id: m.id, user: m.parts.some((p) => p.kind === "user_text") }));

/** User messages of the final conversation missing from a prefix that shows a later message. */
function lateUserInput(state: ProjectionState, final: { id: string; user: boolean }[]): string[] {
  const shown = new Set(state.messages.map((m) => m.id));
  const lastShown = final.findLastIndex((m) => shown.has(m.id));
  return final
    .slice(0, lastShown + 1)
    .filter((m) => m.user && !shown.has(m.id))
    .map((m) => m.id);
}

/** Parts still streaming for a teammate that finished (its text, or the task part delegated to it). */
function finishedAgentsStreaming(state: ProjectionState): string[] {
  const out: string[] = [];
  for (const m of state.messages)
    for (const p of m.parts) {
      const agentId = p.kind === "agent_task" ? p.agentId : m.agentId;
      const agent = agentId !== undefined ? state.agents[agentId] : undefined;
      if (p.status === "streaming" && agent !== undefined && FINISHED_AGENT.has(agent.status))
        out.push(`part ${m.id}|${p.id} (${p.kind}) of ${agent.status} agent ${agentId}`);
    }
  return out;
}

/** Actions still pending that a teammate which finished asked for (it went past them or never will). */
function finishedAgentsAsking(state: ProjectionState): string[] {
  const out: string[] = [];
  for (const [id, action] of Object.entries(state.actions)) {
    const agentId = action.requestedBy?.agentId;
    const agent = agentId !== undefined ? state.agents[agentId] : undefined;
    if (action.status === "pending" && agent !== undefined && FINISHED_AGENT.has(agent.status))
      out.push(`action ${id} asked by ${agent.status} agent ${agentId} is pending`);
  }
  return out;
}

/** Parts, tools and teammates still open once the run ended. */
function openAfterRun(state: ProjectionState): string[] {
  const out: string[] = [];
  const run = state.runtime.status;
  for (const m of state.messages)
    for (const p of m.parts)
      if (p.status === "streaming" && p.kind !== "agent_task" && p.kind !== "action_required")
        out.push(`run ${run} but part ${m.id}|${p.id} (${p.kind}) is streaming`);
  for (const [id, tool] of Object.entries(state.tools))
    if (tool.status === "running") out.push(`run ${run} but tool ${id} is running`);
  for (const [id, agent] of Object.entries(state.agents))
    if (agent.status === "running" || agent.status === "spawning")
      out.push(`run ${run} but agent ${id} is ${agent.status}`);
  return out;
}

const userTexts = (state: ProjectionState) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "user_text").map((p) => p.text ?? ""));
const answers = (state: ProjectionState) =>
  state.messages.some((m) => m.parts.some((p) => p.kind !== "user_text")) ||
  Object.keys(state.tools).length > 0;

/** The user's prompt: shown at the end when `required` (the stream carries it), and, when shown at the
 * end, shown from the first prefix that shows anything answering it. */
export interface Prompt {
  text: string;
  required: boolean;
}

/** How much the property looked at: streams, prefixes projected, records seen closed (guarded against
 * reopening) and user inputs traced to the event that carries them. */
export interface Coverage {
  streams: number;
  prefixes: number;
  closed: number;
  userInputs: number;
}

/** Violations of the prefix property over one event stream, as readable lines (empty when honest). */
export function dishonesty(events: AgentUiEvent[], prompt?: Prompt, coverage?: Coverage): string[] {
  const problems: string[] = [];
  const end = projectEvents(events);
  const finalText = textParts(end);
  const finalConversation = conversation(end);
  const promptShown = prompt !== undefined && userTexts(end).includes(prompt.text);
  if (prompt?.required && !promptShown) problems.push(`the prompt "${prompt.text}" is not shown at the end`);
  const reopened = new Reopened();
  const userInputs = new UserInputs(events, end);
  problems.push(...userInputs.neverShown);
  const shownUsers = new Set<string>();
  for (const cut of cuts(events.length)) {
    const state = projectEvents(events.slice(0, cut));
    if (coverage !== undefined) coverage.prefixes += 1;
    const at = `after event ${cut} (${events[cut - 1].type})`;
    const report = (line: string) => problems.push(`${at}: ${line}`);
    const shownNow = conversation(state);
    const ids = new Set(shownNow.map((m) => m.id));
    for (const id of shownUsers) if (!ids.has(id)) report(`user message ${id} was lost`);
    for (const m of shownNow) if (m.user) shownUsers.add(m.id);
    for (const [key, text] of textParts(state)) {
      const last = finalText.get(key);
      if (last === undefined) report(`text part ${key} "${text}" is gone at the end`);
      else if (!last.startsWith(text)) report(`text part ${key} "${text}" is not a prefix of "${last}"`);
    }
    for (const id of lateUserInput(state, finalConversation))
      report(`user message ${id} is not shown though a later message is`);
    for (const line of userInputs.late(cut, state)) report(line);
    for (const line of finishedAgentsStreaming(state)) report(`${line} is streaming`);
    for (const line of finishedAgentsAsking(state)) report(line);
    if (promptShown && answers(state) && !userTexts(state).includes(prompt.text))
      report("the prompt is not shown though its answer is");
    for (const line of reopened.observe(state)) report(line);
    if (TERMINAL_RUN.has(state.runtime.status)) for (const line of openAfterRun(state)) report(line);
  }
  if (coverage !== undefined) {
    coverage.streams += 1;
    coverage.closed += reopened.everClosed;
    coverage.userInputs += userInputs.count;
  }
  return problems;
}
