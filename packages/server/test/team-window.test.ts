// HYD-02 / AS-10 / PERF-04: a team of thousands costs a bounded hydration window — the newest roster ids
// and delegation edges, the live teammates and counts — and every older roster entry and edge pages in by
// cursor, each exactly once and in the team's order, with the agent rows it names.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { connectSession } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { createSession, getJson, scriptedFactory, startTestServer, waitFor } from "./helpers";

const WORKERS = 3000;
/** Every 500th worker is still running: live, so the window holds it whatever its age. */
const LIVE_EVERY = 500;

function script(): Partial<AgentUiEvent>[] {
  const events: Partial<AgentUiEvent>[] = [
    { type: "agent.spawned", agentId: "lead", payload: { agentName: "Lead", status: "running" } },
  ];
  for (let i = 0; i < WORKERS; i++)
    events.push({
      type: "agent.spawned",
      agentId: `w${i}`,
      payload: {
        agentName: `Worker ${i}`,
        parentAgentId: "lead",
        status: i % LIVE_EVERY === 1 ? "running" : "completed",
      },
    });
  // A work board of WORKERS items, every 500th still open.
  events.push({
    type: "team.changed",
    payload: {
      workBoard: Array.from({ length: WORKERS }, (_, i) => ({
        workItemId: `wi${i}`,
        title: `Item ${i}`,
        assignee: `w${i}`,
        status: i % LIVE_EVERY === 2 ? "in_progress" : "done",
      })),
    },
  });
  return events;
}

describe("the team's roster and edges page by cursor", () => {
  let server: RunningServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(script())] });
    id = (await createSession(server, { source: "scripted" }, WORKERS + 2)).id;
    // Until the last teammate is in the log (the gateway's own entries come before the runtime's).
    await waitFor(async () => {
      const { body } = await getJson(`${server.url}/api/sessions/${id}/events.json?after=${WORKERS - 10}`);
      return body.entries.some(
        (entry: { event: { agentId?: string } }) => entry.event.agentId === `w${WORKERS - 1}`,
      );
    }, 20_000);
  }, 60_000);
  afterAll(async () => server?.close());

  it("HYD-02 AS-10 the window holds a bounded roster and edge list with cursors, not the whole team", async () => {
    const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    const { roster, edges } = body.state.team;
    expect(body.window.team.roster).toMatchObject({ total: WORKERS + 1, truncated: true });
    expect(body.window.team.edges).toMatchObject({ total: WORKERS, truncated: true });
    expect(roster.length).toBeLessThanOrEqual(200);
    expect(edges.length).toBeLessThanOrEqual(200);
    // The newest roster entries, and the live teammates whatever their age.
    expect(roster.at(-1)).toBe(`w${WORKERS - 1}`);
    expect(roster).toContain("lead");
    expect(roster).toContain("w1");
    expect(body.window.team.roster.before).toBe(String(WORKERS + 1 - 100));
    expect(body.window.team.edges.before).toBe(String(WORKERS - 100));
    // Every teammate the window's roster names comes with its row.
    for (const agentId of roster) expect(body.state.agents[agentId]?.agentId).toBe(agentId);
    expect(JSON.stringify(body).length).toBeLessThan(256 * 1024);
  });

  it("HYD-05 PERF-04 paging the roster by cursor returns every teammate exactly once, in order, with its row", async () => {
    const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    let before: string | null = body.window.team.roster.before;
    const tail = body.state.team.roster.slice(-100);
    const pages: string[][] = [];
    while (before !== null) {
      const page = await getJson(`${server.url}/api/sessions/${id}/team/roster?before=${before}&limit=500`);
      expect(page.status).toBe(200);
      expect(page.body.list).toBe("roster");
      expect(page.body.entries.length).toBeLessThanOrEqual(500);
      for (const agentId of page.body.entries) expect(page.body.agents[agentId]?.agentId).toBe(agentId);
      pages.unshift(page.body.entries);
      before = page.body.window.before;
    }
    const all = [...pages.flat(), ...tail];
    expect(all).toEqual(["lead", ...Array.from({ length: WORKERS }, (_, i) => `w${i}`)]);
  });

  it("HYD-05 PERF-04 paging the edges by cursor returns every delegation edge exactly once, in order", async () => {
    const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    let before: string | null = body.window.team.edges.before;
    const tail = body.state.team.edges.slice(-100);
    const pages: { from: string; to: string }[][] = [];
    while (before !== null) {
      const page = await getJson(`${server.url}/api/sessions/${id}/team/edges?before=${before}&limit=400`);
      expect(page.status).toBe(200);
      expect(page.body.agents.lead?.agentId).toBe("lead");
      pages.unshift(page.body.entries);
      before = page.body.window.before;
    }
    const all = [...pages.flat(), ...tail].map((edge) => `${edge.from}>${edge.to}`);
    expect(all).toEqual(Array.from({ length: WORKERS }, (_, i) => `lead>w${i}`));
  });

  it("answers an unknown team list with 404 and a bad cursor with 400, naming them", async () => {
    const unknown = await getJson(`${server.url}/api/sessions/${id}/team/secrets`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("unknown_team_list");
    const bad = await getJson(`${server.url}/api/sessions/${id}/team/roster?before=x`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("before");
  });

  it("HYD-02 a client hydrated from the window pages the whole roster and every edge into its projection", async () => {
    const client = connectSession({ baseUrl: server.url, sessionId: id });
    await client.ready;
    expect(client.hasOlderTeam("roster")).toBe(true);
    expect(client.state.team.roster.length).toBeLessThan(WORKERS);
    while (await client.loadOlderTeam("roster"));
    while (await client.loadOlderTeam("edges"));
    const { team, agents } = client.state;
    expect(team.roster).toEqual(["lead", ...Array.from({ length: WORKERS }, (_, i) => `w${i}`)]);
    expect(team.edges.map((edge) => edge.to)).toEqual(Array.from({ length: WORKERS }, (_, i) => `w${i}`));
    expect(Object.keys(agents)).toHaveLength(WORKERS + 1);
    expect(agents.w0.status).toBe("completed");
    expect(client.hasOlderTeam("roster")).toBe(false);
    client.close();
  });

  it("HYD-02 AS-10 the work board holds its newest items and the open ones; every item pages in once, in order", async () => {
    const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    const board: { workItemId: string; status: string }[] = body.state.team.workBoard;
    expect(body.window.team.workBoard).toMatchObject({
      total: WORKERS,
      truncated: true,
      before: String(WORKERS - 100),
    });
    expect(board.length).toBeLessThanOrEqual(100 + WORKERS / LIVE_EVERY);
    // Open items whatever their age; the newest ones.
    expect(board.map((item) => item.workItemId)).toContain("wi2");
    expect(board.at(-1)?.workItemId).toBe(`wi${WORKERS - 1}`);
    let before: string | null = body.window.team.workBoard.before;
    const pages: { workItemId: string }[][] = [];
    while (before !== null) {
      const page = await getJson(
        `${server.url}/api/sessions/${id}/team/workBoard?before=${before}&limit=500`,
      );
      expect(page.body.agents[page.body.entries[0].assignee]?.agentId).toBe(page.body.entries[0].assignee);
      pages.unshift(page.body.entries);
      before = page.body.window.before;
    }
    const all = [...pages.flat(), ...board.slice(-100)].map((item) => item.workItemId);
    expect(all).toEqual(Array.from({ length: WORKERS }, (_, i) => `wi${i}`));
  });

  it("HYD-02 a client pages the whole work board into its projection in the team's order", async () => {
    const client = connectSession({ baseUrl: server.url, sessionId: id });
    await client.ready;
    expect(client.hasOlderTeam("workBoard")).toBe(true);
    while (await client.loadOlderTeam("workBoard"));
    const ids = client.state.team.workBoard.map((item) => item.workItemId);
    expect(ids).toEqual(Array.from({ length: WORKERS }, (_, i) => `wi${i}`));
    client.close();
  });
});
