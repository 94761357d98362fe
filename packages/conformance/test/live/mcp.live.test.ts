// Live: the MCP producer's JSON-RPC traffic (see mcp.producer.ts) → auto-detection → the mcp adapter →
// projection, checked the way a user would see it: the tool row with its progress, the questions put
// to the user (form, URL, sampling) and how they were answered, output refs, failures, cancellation.
// MCP has no assistant answer, so it is not part of the cross-protocol equivalence.
import { findAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { assistantTextParts, projectProduction } from "./live-support";
import { DEPLOY, type Direction, opsServer, production, recordSession, runDeploy } from "./mcp.producer";

const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");
const toolOf = (state: ProjectionState) => Object.values(state.tools)[0];

describe("live @modelcontextprotocol/sdk: deploy with progress, a form elicitation and a resource link", () => {
  let live: Awaited<ReturnType<typeof runDeploy>>;
  let state: ProjectionState;
  beforeAll(async () => {
    live = await runDeploy("accept");
    const projected = projectProduction(live);
    expect(projected.detected).toBe("mcp");
    state = projected.state;
  });

  it("ENV-01 the recorded JSON-RPC traffic auto-detects as mcp, both directions kept apart", () => {
    expect(projectProduction(live).detected).toBe("mcp");
    const dirs = new Set(live.records.map((record) => (record as { dir: Direction }).dir));
    expect(dirs).toEqual(new Set(["client->server", "server->client"]));
    // The client saw the progress the server sent (the SDK's own onprogress).
    expect(live.progress).toEqual([1, 2, 3]);
  });

  it("TOOL-01 deploy ends output-available with its text preview, input and the last progress", () => {
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state)).toMatchObject({
      name: "deploy",
      status: "output-available",
      outputPreview: DEPLOY.done,
    });
    expect(toolOf(state).inputSummary).toContain(DEPLOY.env);
    expect(toolOf(state).progress).toMatchObject({ message: "done", ratio: 1 });
    expect(errors(state)).toEqual([]);
  });

  it("HITL-03 the form elicitation resolves accepted with the user's content; nothing stays pending", () => {
    const actions = Object.values(state.actions);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: "structured_input",
      status: "resolved",
      decision: "accept",
      prompt: DEPLOY.question,
      response: { confirm: true, note: "ship it" },
    });
    expect(actions[0].schema).toMatchObject({ required: ["confirm"] });
  });

  it("TOOL-09 the resource link is an output ref (an artifact linked to the tool), not inlined text", () => {
    expect(toolOf(state).artifactIds).toEqual([DEPLOY.log.uri]);
    expect(state.artifacts[DEPLOY.log.uri]).toMatchObject({
      title: DEPLOY.log.name,
      readRef: DEPLOY.log.uri,
    });
  });

  it("EVID-01 each resource_link of the client's callTool result is an artifact citing its uri, name and type", () => {
    const links = ((live.result as { content: Record<string, string>[] }).content ?? []).filter(
      (item) => item.type === "resource_link",
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(state.artifacts[link.uri].citations).toEqual([
        {
          id: link.uri,
          sourceType: "document",
          url: link.uri,
          title: link.title ?? link.name,
          filename: link.name,
          mediaType: link.mimeType,
        },
      ]);
  });

  it("TEXT-08 no assistant answer is fabricated from the tool result (MCP carries none)", () => {
    expect(assistantTextParts(state)).toEqual([]);
    const texts = state.messages.flatMap((m) => m.parts).map((p) => p.text ?? "");
    expect(texts.some((text) => text.includes(DEPLOY.done))).toBe(false);
  });

  it("HITL-01 ORD-01 streamed record by record: progress then a pending form while the tool runs, then the result", () => {
    const adapter = findAdapter("mcp")?.create();
    const events: AgentUiEvent[] = [];
    const seen: string[] = [];
    live.records.forEach((record, index) => {
      events.push(...(adapter?.push(record, index) ?? []));
      const now = projectEvents(events);
      const tool = toolOf(now);
      const pending = Object.values(now.actions).filter((a) => a.status === "pending");
      expect(errors(now), `after ${index + 1}`).toEqual([]);
      if (pending.length > 0) {
        // While the user is asked, the tool is still running and has no output.
        expect(pending, `after ${index + 1}`).toHaveLength(1);
        expect(tool.status, `after ${index + 1}`).not.toBe("output-available");
        expect(tool.progress, `after ${index + 1}`).toMatchObject({ message: "building" });
        expect(tool.progress?.ratio).toBeCloseTo(1 / 3);
      }
      const phase = tool === undefined ? "none" : pending.length > 0 ? "asking" : tool.status;
      if (seen.at(-1) !== phase) seen.push(phase);
    });
    expect(seen).toEqual(["none", "running", "asking", "running", "output-available"]);
  });
});

describe("live @modelcontextprotocol/sdk: the user declines the form", () => {
  it("HITL-04 a declined elicitation resolves as decline; the tool reports it did not deploy", async () => {
    const live = await runDeploy("decline");
    const { state } = projectProduction(live);
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({ type: "structured_input", status: "resolved", decision: "decline" }),
    ]);
    expect(toolOf(state)).toMatchObject({
      status: "output-available",
      outputPreview: "not deployed (decline)",
    });
    expect(toolOf(state).artifactIds).toEqual([]);
    expect(live.progress).toEqual([1]);
    expect(assistantTextParts(state)).toEqual([]);
    expect(errors(state)).toEqual([]);
  });
});

describe("live @modelcontextprotocol/sdk: URL elicitation, tool error, cancellation", () => {
  it("HITL-03 a URL elicitation is a link, resolved only when the server reports it complete", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "accept" }),
      (client) => client.callTool({ name: "connect_repo", arguments: {} }),
    );
    const adapter = findAdapter("mcp")?.create();
    const events: AgentUiEvent[] = [];
    const statuses: string[] = [];
    session.records.forEach((record, index) => {
      events.push(...(adapter?.push(record, index) ?? []));
      const status = Object.values(projectEvents(events).actions)[0]?.status ?? "none";
      if (statuses.at(-1) !== status) statuses.push(status);
    });
    // The client's "accept" alone leaves it pending: only notifications/elicitation/complete ends it.
    expect(statuses).toEqual(["none", "pending", "resolved"]);
    const { state } = projectProduction(production(session.records));
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({
        actionId: "elic-oauth-live",
        type: "credential_request",
        decision: "accept",
      }),
    ]);
    expect(toolOf(state)).toMatchObject({ name: "connect_repo", status: "output-available" });
    expect(errors(state)).toEqual([]);
  });

  it("TOOL-01 a tool that throws ends output-error with the server's message, never output-available", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      (client) => client.callTool({ name: "wipe_cache", arguments: {} }),
    );
    expect(session.result).toMatchObject({ isError: true });
    const { state } = projectProduction(production(session.records));
    expect(toolOf(state)).toMatchObject({ name: "wipe_cache", status: "output-error" });
    expect(toolOf(state).error?.message).toContain("disk full");
    expect(assistantTextParts(state)).toEqual([]);
  });

  it("TOOL-01 TOOL-04 the client cancelling a running call ends the tool cancelled, with its last progress kept", async () => {
    const stop = new AbortController();
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      async (client) => {
        try {
          await client.callTool({ name: "long_task", arguments: {} }, undefined, {
            signal: stop.signal,
            onprogress: () => stop.abort("user pressed stop"),
          });
          return "finished";
        } catch (error) {
          return `rejected: ${String(error)}`;
        }
      },
    );
    expect(session.result).toMatch(/^rejected/);
    const methods = session.records.map((record) => (record as { msg: { method?: string } }).msg.method);
    expect(methods).toContain("notifications/cancelled");
    const { state } = projectProduction(production(session.records));
    expect(toolOf(state)).toMatchObject({ name: "long_task", status: "cancelled" });
    expect(toolOf(state).progress).toMatchObject({ message: "step 1", ratio: 0.1 });
    expect(errors(state)).toEqual([]);
  });

  it("HITL-01 HITL-03 sampling: a permission action resolved by the client's result, with no decision invented", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      (client) => client.callTool({ name: "summarize_logs", arguments: {} }),
      () => ({ model: "mock-model", role: "assistant", content: { type: "text", text: "All green." } }),
    );
    const { state } = projectProduction(production(session.records));
    const [action] = Object.values(state.actions);
    expect(action).toMatchObject({
      type: "permission_grant",
      status: "resolved",
      response: { model: "mock-model" },
    });
    // The result says the client's model generated; nothing on the wire says a person approved.
    expect(action.decision).toBeUndefined();
    expect(toolOf(state)).toMatchObject({ status: "output-available", outputPreview: "summary: All green." });
    // The sampled text belongs to the server's tool, never to an assistant answer.
    expect(assistantTextParts(state)).toEqual([]);
    expect(errors(state)).toEqual([]);
  });

  it("HITL-04 a refused sampling request ends the action cancelled and the tool reports the failure", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      (client) => client.callTool({ name: "summarize_logs", arguments: {} }),
      () => {
        throw new McpError(ErrorCode.InvalidRequest, "User rejected sampling request");
      },
    );
    const { state } = projectProduction(production(session.records));
    const [action] = Object.values(state.actions);
    expect(action).toMatchObject({ type: "permission_grant", status: "cancelled" });
    expect(action.decision).toBeUndefined();
    expect(toolOf(state).status).toBe("output-error");
    expect(toolOf(state).error?.message).toContain("User rejected sampling request");
  });
});
