// examples/openai-agents against a real gateway on loopback, with the SDK's own scripted model: the run's
// stream reaches the session, the approval the SDK asks for is answered from the client through the
// gateway's control API, applied to the RunState, and the resumed run's outcome is what the session shows
// (HITL-01, HITL-03, CTRL-01, CTRL-06).
import { selectAnswerText } from "@agent-ui/projection";
import {
  assistantMessage,
  functionCall,
  modelResponse,
  modelStream,
  ScriptedModel,
} from "@openai/agents-core/testing";
import { setTracingDisabled } from "@openai/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOpsAgent } from "../../examples/openai-agents/agent";
import { type ExampleGateway, startExampleGateway } from "./gateway";

setTracingDisabled(true);
const usage = { inputTokens: 3, outputTokens: 2, totalTokens: 5 };

/** The model asks to delete the file, then (after the tool's result) says what happened. */
const scriptedOps = (reply: string) =>
  new ScriptedModel([
    modelResponse([
      functionCall("delete_file", { path: "/workspace/demo/x" }, { callId: "call_rm", id: "fc_rm" }),
    ]),
    modelStream([
      { type: "response_started" },
      { type: "output_text_delta", itemId: "msg_1", delta: reply.slice(0, 4) },
      { type: "output_text_delta", itemId: "msg_1", delta: reply.slice(4) },
      {
        type: "response_done",
        response: { id: "resp_2", usage, output: [assistantMessage(reply, { id: "msg_1" })] },
      },
    ]),
  ]);

/** The tool's output as the SDK recorded it in the run's history. */
function toolOutputOf(history: unknown[], callId: string): string | undefined {
  const item = history.find(
    (i) =>
      (i as { type?: string }).type === "function_call_result" &&
      (i as { callId?: string }).callId === callId,
  ) as { output?: { text?: string } | string } | undefined;
  if (item === undefined) return undefined;
  return typeof item.output === "string" ? item.output : item.output?.text;
}

describe("examples/openai-agents: an in-process run watched and approved through the gateway", () => {
  let gateway: ExampleGateway;
  beforeAll(async () => {
    gateway = await startExampleGateway();
  });
  afterAll(async () => gateway?.close());

  it("HITL-01 CTRL-06 the UI's approve reaches RunState.approve; the resumed run's answer is the session's", async () => {
    const sessionId = await gateway.pushSession("openai-agents");
    const running = runOpsAgent({
      baseUrl: gateway.url,
      token: gateway.token,
      sessionId,
      model: scriptedOps("Deleted the file."),
      input: "delete /workspace/demo/x",
    });
    const action = await gateway.pendingAction(sessionId);
    const asked = await gateway.state(sessionId);
    expect(action.toolCallId).toBe("call_rm");
    expect(asked.tools.call_rm.status).toBe("approval-requested");
    expect(asked.runtime.status).not.toBe("completed");

    const written = await gateway.respond(sessionId, action.actionId, "approve");
    expect(written).toMatchObject({ status: "accepted" });
    const result = await running;

    // What the SDK reports…
    expect(result.finalOutput).toBe("Deleted the file.");
    expect(result.interruptions).toEqual([]);
    const sdkOutput = toolOutputOf(result.history, "call_rm");
    expect(sdkOutput).toBe("deleted /workspace/demo/x");
    // …is what the session shows.
    const state = await gateway.state(sessionId);
    expect(selectAnswerText(state)).toBe(result.finalOutput);
    expect(state.tools.call_rm.status).toBe("output-available");
    expect(state.tools.call_rm.outputPreview).toBe(sdkOutput);
    expect(state.actions[action.actionId]).toMatchObject({ status: "resolved", decision: "approve" });
    expect((await gateway.session(sessionId)).status).toBe("completed");
  });

  it("HITL-01 the UI's reject reaches RunState.reject: the tool never runs; the session shows the refusal", async () => {
    const sessionId = await gateway.pushSession("openai-agents");
    const running = runOpsAgent({
      baseUrl: gateway.url,
      token: gateway.token,
      sessionId,
      model: scriptedOps("I did not delete it."),
      input: "delete /workspace/demo/x",
    });
    const action = await gateway.pendingAction(sessionId);
    // An answer the agent cannot take is refused with its reason, and the approval stays pending.
    const wrong = await gateway.respond(sessionId, "call_other", "approve");
    expect(wrong).toMatchObject({ status: "rejected" });
    expect(wrong.reason).toContain("call_other");
    expect((await gateway.respond(sessionId, action.actionId, "reject")).status).toBe("accepted");
    const result = await running;

    expect(result.finalOutput).toBe("I did not delete it.");
    const sdkOutput = toolOutputOf(result.history, "call_rm");
    expect(sdkOutput).toBeDefined();
    expect(sdkOutput).not.toContain("deleted /workspace");
    const state = await gateway.state(sessionId);
    expect(selectAnswerText(state)).toBe(result.finalOutput);
    expect(state.actions[action.actionId]).toMatchObject({ status: "resolved", decision: "reject" });
    // The SDK streams a refused call's refusal as its output; the session shows that same text.
    expect(state.tools.call_rm.status).toBe("output-available");
    expect(state.tools.call_rm.outputPreview).toBe(sdkOutput);
    expect((await gateway.session(sessionId)).status).toBe("completed");
  });
});
