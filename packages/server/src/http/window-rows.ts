// What a hydration window sends of each row: enough to paint the first screen, with the rest one
// request away. A tool row is a preview (no `outputText`, attempts without their repeated preview and
// source: the whole row is `GET /api/sessions/:id/tables/tools/:toolCallId`); a tool part in a message
// leaves out the data that mirrors its tool record when that record is in the window (a projector
// rebuilds it at hydration); the team's roster and edges are cut to the teammates in the window.
import type { Message, MessagePart, ProjectionState, ToolRecord, WindowInfo } from "@agent-ui/contracts";

/** Fields a window's tool row leaves out (listed in `window.previews.tools`). */
export const TOOL_PREVIEW_OMITS = ["outputText", "attempts.outputPreview", "attempts.source"] as const;

/** A tool row as the window sends it. */
export function toolPreview(tool: ToolRecord): ToolRecord {
  const { outputText: _whole, attempts, ...rest } = tool;
  return {
    ...rest,
    attempts: attempts.map(({ outputPreview: _preview, source: _source, ...attempt }) => attempt),
  };
}

/** Tool rows of a window, as previews. */
export function toolPreviews(tools: Record<string, ToolRecord>): Record<string, ToolRecord> {
  const out: Record<string, ToolRecord> = {};
  for (const [id, tool] of Object.entries(tools)) out[id] = toolPreview(tool);
  return out;
}

/** Messages whose tool parts leave out the data their tool record in the window already holds. */
export function withoutMirroredToolData(
  messages: readonly Message[],
  tools: Readonly<Record<string, unknown>>,
): Message[] {
  return messages.map((message) => {
    let parts: MessagePart[] | undefined;
    message.parts.forEach((part, index) => {
      if (part.kind !== "tool_call" || part.toolCallId === undefined || part.data === undefined) return;
      if (tools[part.toolCallId] === undefined) return;
      parts ??= message.parts.slice();
      const { data: _mirrored, ...rest } = part;
      parts[index] = rest;
    });
    return parts === undefined ? message : { ...message, parts };
  });
}

/** The newest edges a window sends at most (the agents window holds at most 600 teammates). */
export const MAX_TEAM_EDGES = 600;

/** The team slice cut to the teammates the window holds: roster ids and the edges that touch them
 * (every active wait edge too), with counts for what was left out. */
export function windowTeam(
  team: ProjectionState["team"],
  agents: Readonly<Record<string, unknown>>,
): { team: ProjectionState["team"]; info: { roster: WindowInfo; edges: WindowInfo } } {
  const roster = team.roster.filter((id) => agents[id] !== undefined);
  const edges = team.edges
    .filter(
      (edge) => agents[edge.from] !== undefined || agents[edge.to] !== undefined || edge.status === "active",
    )
    .slice(-MAX_TEAM_EDGES);
  const info = (total: number, included: number): WindowInfo => ({
    total,
    included,
    truncated: included < total,
    before: null,
  });
  return {
    team: { ...team, roster, edges },
    info: { roster: info(team.roster.length, roster.length), edges: info(team.edges.length, edges.length) },
  };
}

/** Approximate JSON size of a value in bytes (UTF-16 length of its JSON: exact for ASCII). */
export function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}
