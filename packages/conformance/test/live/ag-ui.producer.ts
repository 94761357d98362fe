// Live producer: the real `@ag-ui/client` pipeline drives the shared scenario offline. The agent is an
// `AbstractAgent` subclass (AG-UI's own extension point) whose `run()` observable emits the scenario;
// the client's `runAgent` (enforce → verify → apply, pending-interrupt bookkeeping) delivers every
// event to an `onEvent` subscriber, which is what is recorded. Run 1 ends with a RUN_FINISHED interrupt
// outcome; the resume run answers it with `buildResumeArray` (`status: "resolved"`,
// `payload: {approved}`), which the agent echoes as RUN_STARTED.input before it runs the tool.
// The second variant puts the same agent behind real HTTP SSE on loopback: a `node:http` server writes
// the events with `@ag-ui/encoder`'s `EventEncoder`, and the client is `HttpAgent`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AbstractAgent, type AgentConfig, HttpAgent, buildResumeArray } from "@ag-ui/client";
import {
  type Event as AgUiEvent,
  type BaseEvent,
  EventType,
  type Interrupt,
  type RunAgentInput,
} from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { Observable } from "rxjs";
import { type LiveProducer, type LiveProduction, SHARED_SCENARIO } from "./producer";

export const AG_UI_LIVE_FORMAT = "ag-ui";

const INTERRUPT_ID = "int-delete";
const TOOL_CALL_ID = "tc-delete";
/** What the agent says when the user rejects the tool (not part of the shared approve scenario). */
export const AG_UI_DENIED_ANSWER = "Okay, I left it alone.";

/** One assistant text message streamed as `pieces` (which join to its text). */
function textMessage(messageId: string, pieces: string[]): AgUiEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    ...pieces.map((delta): AgUiEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

/** The tool the agent runs once the user approved it (deterministic; nothing touches the disk). */
function deleteFile(input: { path: string }): string {
  return `deleted ${input.path}`;
}

/**
 * The scenario as the agent emits it for one run input: without `resume` it streams the preamble and
 * the gated call and stops on an interrupt; with a resume entry for that interrupt it runs the tool
 * (approved) or skips it (rejected / cancelled), then answers.
 */
export function scenarioEvents(input: RunAgentInput): AgUiEvent[] {
  const s = SHARED_SCENARIO;
  const { threadId, runId } = input;
  const started: AgUiEvent = { type: EventType.RUN_STARTED, threadId, runId, input };
  const answer = input.resume?.find((entry) => entry.interruptId === INTERRUPT_ID);
  if (answer === undefined) {
    const interrupt: Interrupt = {
      id: INTERRUPT_ID,
      reason: "tool_approval",
      message: `Delete ${s.toolInput.path}?`,
      toolCallId: TOOL_CALL_ID,
      responseSchema: { type: "object", properties: { approved: { type: "boolean" } } },
    };
    return [
      started,
      ...textMessage("msg-preamble", [s.preamble.slice(0, 7), s.preamble.slice(7)]),
      {
        type: EventType.TOOL_CALL_START,
        toolCallId: TOOL_CALL_ID,
        toolCallName: s.toolName,
        parentMessageId: "msg-preamble",
      },
      {
        type: EventType.TOOL_CALL_ARGS,
        toolCallId: TOOL_CALL_ID,
        delta: JSON.stringify(s.toolInput),
      },
      { type: EventType.TOOL_CALL_END, toolCallId: TOOL_CALL_ID },
      {
        type: EventType.RUN_FINISHED,
        threadId,
        runId,
        outcome: { type: "interrupt", interrupts: [interrupt] },
      },
    ];
  }
  const approved = answer.status === "resolved" && answer.payload?.approved === true;
  const toolEvents: AgUiEvent[] = approved
    ? [
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: "msg-tool-result",
          toolCallId: TOOL_CALL_ID,
          content: deleteFile(s.toolInput),
          role: "tool",
        },
      ]
    : [];
  return [
    started,
    ...toolEvents,
    ...textMessage("msg-answer", [approved ? s.answer : AG_UI_DENIED_ANSWER]),
    { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" } },
  ];
}

/**
 * The observable type `AbstractAgent.run` returns. The client resolves its own rxjs copy, a different
 * patch version from this package's, so the two `Observable` declarations differ only nominally (rxjs
 * interop is structural at runtime); ours is typed as the client's.
 */
type AgentObservable = ReturnType<AbstractAgent["run"]>;

/** An in-process agent: `run()` is the scenario as an observable, emitted asynchronously like a server. */
export class ScenarioAgent extends AbstractAgent {
  constructor(config: AgentConfig = {}) {
    super(config);
  }

  run(input: RunAgentInput): AgentObservable {
    const events$ = new Observable<BaseEvent>((subscriber) => {
      const events = scenarioEvents(input);
      const timer = setTimeout(() => {
        for (const event of events) subscriber.next(event);
        subscriber.complete();
      }, 0);
      return () => clearTimeout(timer);
    });
    return events$ as unknown as AgentObservable;
  }

  override clone(): ScenarioAgent {
    return new ScenarioAgent({ threadId: this.threadId });
  }
}

/** Both runs of the scenario on `agent`: every event the client's pipeline delivered, in order. */
async function driveScenario(agent: AbstractAgent, approved: boolean): Promise<LiveProduction> {
  agent.addMessage({ id: "msg-user", role: "user", content: SHARED_SCENARIO.prompt });
  const records: unknown[] = [];
  const onEvent = ({ event }: { event: BaseEvent }) => {
    records.push(structuredClone(event));
  };
  await agent.runAgent({ runId: "run-1" }, { onEvent });
  const interruptedRunLength = records.length;
  if (agent.pendingInterrupts.length !== 1)
    throw new Error(
      `ag-ui live producer: expected one pending interrupt, got ${agent.pendingInterrupts.length}`,
    );
  const resume = buildResumeArray(agent.pendingInterrupts, {
    [INTERRUPT_ID]: { status: "resolved", payload: { approved } },
  });
  await agent.runAgent({ runId: "run-2", resume }, { onEvent });
  // The agent echoes the resume entry in RUN_STARTED.input: the decision is on the wire.
  return {
    format: AG_UI_LIVE_FORMAT,
    records,
    interruptedRunLength,
    statedDecision: approved ? "approve" : "reject",
  };
}

export function runAgUiInProcess(approved = true): Promise<LiveProduction> {
  return driveScenario(new ScenarioAgent({ threadId: "thread-live" }), approved);
}

/**
 * The same agent behind HTTP: each POSTed RunAgentInput is answered with its scenario events as SSE
 * (`EventEncoder.encodeSSE`), on 127.0.0.1 port 0. The server is closed when both runs are done.
 */
export async function runAgUiOverHttp(
  approved = true,
): Promise<LiveProduction & { requests: RunAgentInput[] }> {
  const encoder = new EventEncoder({ accept: "text/event-stream" });
  const requests: RunAgentInput[] = [];
  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => {
      const input = JSON.parse(Buffer.concat(body).toString("utf8")) as RunAgentInput;
      requests.push(input);
      res.writeHead(200, { "content-type": encoder.getContentType() });
      for (const event of scenarioEvents(input)) res.write(encoder.encodeSSE(event));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const agent = new HttpAgent({ url: `http://127.0.0.1:${port}/agent`, threadId: "thread-http" });
    return { ...(await driveScenario(agent, approved)), requests };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export const agUiProducer: LiveProducer = () => runAgUiInProcess(true);
