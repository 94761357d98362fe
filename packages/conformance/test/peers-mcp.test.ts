// End to end: the MCP capture → framing → auto-detected adapter → projection, asserting the
// peers/README.md row: tool with progress, form + URL elicitations resolved, result with a resource link.
import { describe, expect, it } from "vitest";
import { adaptStream, errorDiagnostics, project } from "./peers-support";

describe("peers: mcp tool with progress and elicitations", () => {
  // Read inside each test, so each test is the one that reads the capture.
  const read = () => {
    const { events, detected } = adaptStream("mcp.tool-progress-elicitation.jsonrpc.jsonl");
    return { detected, state: project(events) };
  };

  it("ENV-01 auto-detection picks mcp", () => {
    expect(read().detected).toBe("mcp");
  });

  it("TOOL-01 deploy {env:staging} ends output-available with text preview and the last progress", () => {
    const { state } = read();
    const tools = Object.values(state.tools);
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: "deploy",
      status: "output-available",
      outputPreview: "deployed to staging",
    });
    expect(tools[0].progress).toMatchObject({ message: "done", ratio: 1 });
    expect(tools[0].inputSummary).toContain("staging");
  });

  it("HITL-03 both elicitations are resolved (form accepted with its content; URL completed), none pending", () => {
    const { state } = read();
    const actions = Object.values(state.actions);
    expect(actions.map((a) => [a.type, a.status, a.decision])).toEqual([
      ["structured_input", "resolved", "accept"],
      ["credential_request", "resolved", "accept"],
    ]);
    expect(actions[0]).toMatchObject({
      prompt: "Deploy to staging?",
      response: { confirm: true, note: "ok" },
    });
    expect(actions[0].schema).toMatchObject({ required: ["confirm"] });
    expect(actions[1].actionId).toBe("elic-oauth-1");
  });

  it("TOOL-09 the resource link is an artifact linked to the tool", () => {
    const { state } = read();
    const [tool] = Object.values(state.tools);
    expect(tool.artifactIds).toEqual(["file:///logs/deploy.txt"]);
    expect(state.artifacts["file:///logs/deploy.txt"]).toMatchObject({
      title: "deploy.txt",
      readRef: "file:///logs/deploy.txt",
    });
    expect(errorDiagnostics(state)).toEqual([]);
  });
});
