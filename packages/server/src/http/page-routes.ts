// What the hydration window leaves out, one request away (HYD-02/05/13): older entries of the team's
// lists by cursor (`GET /api/sessions/:id/team/:list?before=&limit=`), older timeline rows
// (`GET /api/sessions/:id/timeline?before=&limit=`) and one whole message the window sent cut to its byte
// budget (`GET /api/sessions/:id/messages/:messageId`).
import { type MessageRow, TEAM_LISTS, type TeamList, type TimelinePage } from "@agent-ui/contracts";
import type { Hono } from "hono";
import { GatewayError } from "../gateway/errors";
import type { Gateway } from "../gateway/gateway";
import { MAX_PAGE, TIMELINE_PAGE_ROWS } from "./hydration-window";
import { pageBefore } from "./page-before";
import { pageParams } from "./params";
import { DEFAULT_TEAM_WINDOW, teamPage } from "./team-window";

export function pageRoutes(app: Hono, gateway: Gateway): void {
  app.get("/api/sessions/:id/team/:list", async (c) => {
    const id = c.req.param("id");
    const list = teamList(c.req.param("list"));
    const { limit, before } = pageParams(c, DEFAULT_TEAM_WINDOW, MAX_PAGE);
    await gateway.getSession(id);
    const projection = await gateway.currentProjection(id);
    return c.json(teamPage(id, projection.seq, projection.state, list, before, limit));
  });

  app.get("/api/sessions/:id/timeline", async (c) => {
    const id = c.req.param("id");
    const { limit, before } = pageParams(c, TIMELINE_PAGE_ROWS, MAX_PAGE);
    await gateway.getSession(id);
    const { seq, state } = await gateway.currentProjection(id);
    const page = pageBefore(state.timeline.length, before, limit);
    const entries = state.timeline.slice(page.start, page.end);
    return c.json({ sessionId: id, seq, entries, window: page.info } satisfies TimelinePage);
  });

  app.get("/api/sessions/:id/messages/:messageId", async (c) => {
    const id = c.req.param("id");
    const messageId = c.req.param("messageId");
    await gateway.getSession(id);
    const projection = await gateway.currentProjection(id);
    const message = projection.state.messages.find((m) => m.id === messageId);
    if (message === undefined)
      throw new GatewayError("not_found", "message_not_found", `no message ${messageId}`);
    return c.json({ sessionId: id, seq: projection.seq, message } satisfies MessageRow);
  });
}

function teamList(list: string): TeamList {
  if (!(TEAM_LISTS as readonly string[]).includes(list))
    throw new GatewayError(
      "not_found",
      "unknown_team_list",
      `no team list ${list}; lists: ${TEAM_LISTS.join(", ")}`,
    );
  return list as TeamList;
}
