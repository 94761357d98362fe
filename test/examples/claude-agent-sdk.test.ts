// examples/claude-agent-sdk against a real gateway on loopback. The SDK spawns a stand-in Claude Code CLI
// (fixtures/fake-claude.mjs, `pathToClaudeCodeExecutable`) that speaks stream-json with SDKMessage lines
// the real CLI produced and asks `can_use_tool` before its Bash call; the permission prompt is answered
// from the client through the gateway's control API via `canUseTool`, and the session ends as the SDK's
// own `result` says (HITL-01, HITL-04, CTRL-01, CTRL-06).
import { fileURLToPath } from "node:url";
import { selectAnswerText } from "@agent-ui/projection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runClaudeSession } from "../../examples/claude-agent-sdk/agent";
import { type ExampleGateway, startExampleGateway } from "./gateway";

const STREAMS = fileURLToPath(new URL("../../../shared/peers/streams", import.meta.url));
const FAKE_CLAUDE = fileURLToPath(new URL("./fixtures/fake-claude.mjs", import.meta.url));

interface SdkMessage {
  type: string;
  subtype?: string;
  result?: string;
  message?: { content: { type: string; tool_use_id?: string; content?: string; is_error?: boolean }[] };
}

describe("examples/claude-agent-sdk: canUseTool answered from the UI", () => {
  let gateway: ExampleGateway;
  beforeAll(async () => {
    gateway = await startExampleGateway();
  });
  afterAll(async () => gateway?.close());

  for (const decision of ["approve", "reject"] as const) {
    it(`HITL-01 HITL-04 the UI's ${decision} is canUseTool's answer; the session ends as the SDK's result`, async () => {
      const sessionId = await gateway.pushSession("claude-agent-sdk");
      const running = runClaudeSession({
        baseUrl: gateway.url,
        token: gateway.token,
        sessionId,
        prompt: "Say hello using bash",
        options: {
          pathToClaudeCodeExecutable: FAKE_CLAUDE,
          env: { PATH: process.env.PATH ?? "", FAKE_CLAUDE_STREAMS: STREAMS },
          includePartialMessages: true,
          settingSources: [],
          persistSession: false,
        },
      });
      const action = await gateway.pendingAction(sessionId);
      expect(action.toolCallId).toBe("toolu_mock_1");
      expect(action.toolName).toBe("Bash");
      expect((await gateway.state(sessionId)).tools.toolu_mock_1.status).not.toBe("output-available");
      expect(await gateway.respond(sessionId, "not-a-prompt", "approve")).toMatchObject({
        status: "rejected",
      });
      expect(await gateway.respond(sessionId, action.actionId, decision)).toMatchObject({
        status: "accepted",
      });
      const messages = (await running) as SdkMessage[];

      // What the SDK reports…
      const result = messages.at(-1) as SdkMessage;
      expect(result.type).toBe("result");
      const toolResult = messages
        .filter((m) => m.type === "user")
        .flatMap((m) => m.message?.content ?? [])
        .find((block) => block.tool_use_id === "toolu_mock_1");
      expect(toolResult?.is_error).toBe(decision === "reject");
      // …is what the session shows.
      const state = await gateway.state(sessionId);
      expect(state.actions[action.actionId]).toMatchObject({
        status: "resolved",
        decision: decision,
      });
      if (decision === "approve") {
        expect(state.tools.toolu_mock_1.status).toBe("output-available");
        expect(state.tools.toolu_mock_1.outputPreview).toBe(toolResult?.content);
        expect(selectAnswerText(state)).toBe(result.result);
      } else {
        // The tool never ran: its row ends with the refusal the SDK reports as the call's error result.
        expect(state.tools.toolu_mock_1.status).toBe("output-error");
        expect(state.tools.toolu_mock_1.error?.message).toBe(toolResult?.content);
        expect(toolResult?.content).toBe("The user rejected this tool use.");
      }
      expect((await gateway.session(sessionId)).status).toBe("completed");
    });
  }
});
