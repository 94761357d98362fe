// examples/langgraph-js against a real gateway on loopback, with @langchain/core's fake chat models: the
// graph's stream reaches the session, its interrupt() is answered from the client through the gateway's
// control API, the graph resumes with Command({ resume }), and the session shows what the graph's own
// state says (HITL-01, HITL-03, CTRL-01, CTRL-06).
import { selectAnswerText } from "@agent-ui/projection";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApprovalGraph } from "../../examples/langgraph-js/graph";
import { type ExampleGateway, startExampleGateway } from "./gateway";

const TARGET = "/workspace/demo/x";
const planner = () =>
  new FakeStreamingChatModel({
    sleep: 0,
    chunks: [
      new AIMessageChunk({ content: "Let me " }),
      new AIMessageChunk({ content: "delete it." }),
      new AIMessageChunk({
        content: "",
        tool_calls: [{ id: "call_rm", name: "delete_file", args: { path: TARGET }, type: "tool_call" }],
      }),
    ],
  });
const reporter = (text: string) =>
  new FakeStreamingChatModel({ sleep: 0, responses: [new AIMessage({ content: text })] });

const textOf = (message: BaseMessage | undefined) =>
  typeof message?.content === "string" ? message.content : "";

describe("examples/langgraph-js: interrupt() answered from the UI, resumed with Command", () => {
  let gateway: ExampleGateway;
  beforeAll(async () => {
    gateway = await startExampleGateway();
  });
  afterAll(async () => gateway?.close());

  for (const decision of ["approve", "reject"] as const) {
    it(`HITL-01 CTRL-06 the UI's ${decision} is the resume value; the session ends as the graph's state`, async () => {
      const sessionId = await gateway.pushSession("langgraph");
      const reply = decision === "approve" ? "Deleted the file." : "I left the file alone.";
      const running = runApprovalGraph({
        baseUrl: gateway.url,
        token: gateway.token,
        sessionId,
        model: planner(),
        reportModel: reporter(reply),
        input: `delete ${TARGET}`,
      });
      const action = await gateway.pendingAction(sessionId);
      const asked = await gateway.state(sessionId);
      expect(action.toolCallId).toBe("call_rm");
      expect(asked.tools.call_rm.status).not.toBe("output-available");
      expect(selectAnswerText(asked)).toContain("Let me delete it.");

      expect(await gateway.respond(sessionId, "not-an-interrupt", "approve")).toMatchObject({
        status: "rejected",
      });
      expect(await gateway.respond(sessionId, action.actionId, decision)).toMatchObject({
        status: "accepted",
      });
      const final = await running;

      // What LangGraph reports…
      expect(final.next).toEqual([]);
      expect(final.tasks.flatMap((t) => t.interrupts)).toEqual([]);
      const messages = final.values.messages as BaseMessage[];
      const toolResult = messages.find((m) => m.getType() === "tool");
      expect(textOf(toolResult)).toBe(decision === "approve" ? `deleted ${TARGET}` : "not approved");
      expect(textOf(messages.at(-1))).toBe(reply);
      // …is what the session shows.
      const state = await gateway.state(sessionId);
      expect(selectAnswerText(state)).toContain(reply);
      expect(state.tools.call_rm.status).toBe("output-available");
      expect(state.tools.call_rm.outputPreview).toBe(textOf(toolResult));
      expect(state.actions[action.actionId].status).toBe("resolved");
      expect(Object.values(state.actions).filter((a) => a.status === "pending")).toEqual([]);
      expect((await gateway.session(sessionId)).status).toBe("completed");
    });
  }
});
