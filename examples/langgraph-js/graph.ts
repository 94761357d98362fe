// A LangGraph.js graph piped into a gateway `push` session. The graph's own stream chunks
// (`[namespace, mode, payload]`, modes updates / messages / custom / values) go to the gateway (format
// `langgraph`). Before its tool runs, the graph calls `interrupt()`; the session shows the approval
// pending, the user's approve / reject / answer comes back over the session's writes channel, and the
// graph resumes on the same thread with `new Command({ resume })`.
import { createIngestSink } from "@agent-ui/client";
import type { ControlCommand } from "@agent-ui/contracts";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import {
  Command,
  END,
  interrupt,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { z } from "zod";

/** What the graph asks the user before a tool runs; the UI's answer is the resume value. */
export interface ApprovalRequest {
  type: "tool_approval";
  toolCallId: string;
  name: string;
  args: Record<string, unknown>;
}
export interface ApprovalAnswer {
  approved: boolean;
  [key: string]: unknown;
}

export const deleteFile = tool(async ({ path }: { path: string }) => `deleted ${path}`, {
  name: "delete_file",
  description: "Delete a file",
  schema: z.object({ path: z.string() }),
});

/** plan (the model, with the tool) → approve: interrupt(), then the tool → report (the model) → END.
 * A plan without a tool call is the answer. `reporter` defaults to `planner`. */
export function buildGraph(planner: BaseChatModel, reporter: BaseChatModel = planner) {
  const withTools = planner.bindTools?.([deleteFile]) ?? planner;
  return new StateGraph(MessagesAnnotation)
    .addNode("plan", async (state) => ({ messages: [await withTools.invoke(state.messages)] }))
    .addNode("approve", async (state) => {
      const last = state.messages.at(-1) as AIMessage;
      const results: ToolMessage[] = [];
      for (const call of last.tool_calls ?? []) {
        const id = call.id ?? call.name;
        const answer = interrupt<ApprovalRequest, ApprovalAnswer>({
          type: "tool_approval",
          toolCallId: id,
          name: call.name,
          args: call.args,
        });
        const content = answer?.approved
          ? String(await deleteFile.invoke(call.args as { path: string }))
          : `not approved${typeof answer?.reason === "string" ? `: ${answer.reason}` : ""}`;
        results.push(new ToolMessage({ tool_call_id: id, content }));
      }
      return { messages: results };
    })
    .addNode("report", async (state) => ({ messages: [await reporter.invoke(state.messages)] }))
    .addEdge(START, "plan")
    .addConditionalEdges("plan", (state) =>
      (state.messages.at(-1) as AIMessage).tool_calls?.length ? "approve" : END,
    )
    .addEdge("approve", "report")
    .addEdge("report", END)
    .compile({ checkpointer: new MemorySaver() });
}

export interface ApprovalGraphOptions {
  /** The gateway, its token, and a session created with `source: "push"`. */
  baseUrl: string;
  token?: string;
  sessionId: string;
  /** Any LangChain chat model that can call tools (e.g. `new ChatOpenAI(…)`), and the one that reports
   * (default: the same). */
  model: BaseChatModel;
  reportModel?: BaseChatModel;
  input: string;
  threadId?: string;
}

/** Runs the graph on one thread until it ends; each interrupt is answered from the session's UI. */
export async function runApprovalGraph(options: ApprovalGraphOptions) {
  const graph = buildGraph(options.model, options.reportModel);
  const config = { configurable: { thread_id: options.threadId ?? options.sessionId } };
  const sink = createIngestSink({
    baseUrl: options.baseUrl,
    token: options.token,
    sessionId: options.sessionId,
    format: "langgraph",
  });
  // The interrupts waiting for the UI, by id (the approval's id in the session), and their answers.
  const waiting = new Map<string, (answer: ApprovalAnswer) => void>();
  const answered = new Map<string, ApprovalAnswer>();
  const raised = new Set<string>();
  sink.onCommand(async (command: ControlCommand) => {
    if (command.kind !== "respond_action")
      return {
        status: "rejected",
        reason: `this graph takes answers to its interrupts only, not ${command.kind}`,
      };
    if (!raised.has(command.actionId) || answered.has(command.actionId))
      return { status: "rejected", reason: `no interrupt ${command.actionId} is waiting` };
    const answer: ApprovalAnswer = { ...command.payload, approved: command.decision !== "reject" };
    answered.set(command.actionId, answer);
    waiting.get(command.actionId)?.(answer);
    return { status: "accepted" };
  });
  const answerTo = (id: string) =>
    new Promise<ApprovalAnswer>((resolve) => {
      const known = answered.get(id);
      if (known !== undefined) resolve(known);
      else waiting.set(id, resolve);
    });

  try {
    let input: unknown = { messages: [{ role: "user", content: options.input }] };
    for (;;) {
      const stream = await graph.stream(input as never, {
        ...config,
        streamMode: ["updates", "messages", "custom", "values"],
        subgraphs: true,
      });
      await sink.pipe(noteInterrupts(stream as AsyncIterable<unknown>, raised));
      const state = await graph.getState(config);
      const interrupts = state.tasks.flatMap((task) => task.interrupts);
      if (interrupts.length === 0) break;
      const answers: Record<string, ApprovalAnswer> = {};
      for (const pending of interrupts) answers[pending.id ?? ""] = await answerTo(pending.id ?? "");
      input = new Command({ resume: interrupts.length === 1 ? Object.values(answers)[0] : answers });
    }
    await sink.end("completed");
    return graph.getState(config);
  } catch (error) {
    await sink.end("failed", (error as Error).message).catch(() => {});
    throw error;
  } finally {
    await sink.close();
  }
}

/** Passes the chunks on, noting each interrupt id as it is raised: the UI can answer it from then on. */
async function* noteInterrupts(stream: AsyncIterable<unknown>, raised: Set<string>) {
  for await (const chunk of stream) {
    const [, mode, payload] = chunk as [string[], string, { __interrupt__?: { id?: string }[] }];
    if (mode === "updates")
      for (const entry of payload?.__interrupt__ ?? []) if (entry.id !== undefined) raised.add(entry.id);
    yield chunk;
  }
}
