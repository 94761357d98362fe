// After a gateway restart the AI SDK connector resumes the session with the conversation rebuilt from the
// projection the gateway stored: text and the tool calls with their stored input and outcome, as the
// SDK's own tool parts — so the next request's model call sees the earlier tool results (FALL-01, HYD-09,
// CTRL-06). The upstream is built with the real `ai` package (`streamText` + `MockLanguageModelV4`, tools
// that run, fail, or wait for an approval), and it checks every posted conversation the SDK's way:
// `validateUIMessages` against its tools, then `convertToModelMessages`.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectionState } from "@agent-ui/contracts";
import {
  convertToModelMessages,
  isStepCount,
  JsonToSseTransformStream,
  streamText,
  tool,
  type UIMessage,
  validateUIMessages,
} from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type RunningServer, startServer } from "../src";
import { allSources, getJson, postJson, tempDir, waitFor } from "./helpers";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish = (unified: string) => ({ type: "finish", finishReason: { unified, raw: unified }, usage });
const text = (id: string, delta: string) => [
  { type: "text-start", id },
  { type: "text-delta", id, delta },
  { type: "text-end", id },
];
const call = (toolCallId: string, toolName: string, input: Record<string, unknown>) => ({
  type: "tool-call",
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

type Prompt = { role: string; content: unknown }[];

/** The scripted model: after tool results it answers; otherwise the last user text picks the step. */
function scriptedModel(prompts: Prompt[]) {
  return new MockLanguageModelV4({
    doStream: async (options: { prompt: Prompt }) => {
      prompts.push(options.prompt);
      const last = options.prompt.at(-1);
      const said = JSON.stringify(options.prompt.filter((m) => m.role === "user").at(-1)?.content ?? "");
      const parts =
        last?.role === "tool"
          ? [...text("t-answer", "It is 21°C in Paris; the sensor tool failed."), finish("stop")]
          : said.includes("weather")
            ? [
                call("call-w", "weather", { city: "Paris" }),
                call("call-s", "sensor", { id: 7 }),
                finish("tool-calls"),
              ]
            : said.includes("delete")
              ? [call("call-d", "danger", { path: "/workspace/x" }), finish("tool-calls")]
              : [...text(`t-${prompts.length}`, "Still 21°C."), finish("stop")];
      return {
        stream: convertArrayToReadableStream([{ type: "stream-start", warnings: [] }, ...parts] as never[]),
      };
    },
  } as never);
}

/** Paths the gated tool deleted (it must never run: its approval is never answered). */
const deleted: string[] = [];

const tools = {
  weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
  sensor: tool({
    inputSchema: z.object({ id: z.number() }),
    execute: async (): Promise<string> => {
      throw new Error("sensor 7 is offline");
    },
  }),
  danger: tool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  }),
};

/** A loopback `useChat` endpoint: validates each posted conversation, then streams `streamText`'s reply. */
async function aiSdkUpstream() {
  const bodies: { messages: UIMessage[] }[] = [];
  const prompts: Prompt[] = [];
  const rejected: string[] = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as { messages: UIMessage[] };
    bodies.push(body);
    let messages: UIMessage[];
    try {
      messages = await validateUIMessages({ messages: body.messages, tools });
    } catch (error) {
      rejected.push((error as Error).message);
      res.writeHead(400).end();
      return;
    }
    const result = streamText({
      model: scriptedModel(prompts),
      tools,
      messages: await convertToModelMessages(messages),
      stopWhen: isStepCount(3),
    });
    res.writeHead(200, { "content-type": "text/event-stream" });
    const sse = result
      .toUIMessageStream({ originalMessages: messages })
      .pipeThrough(new JsonToSseTransformStream());
    for await (const frame of sse as unknown as AsyncIterable<string>) res.write(frame);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`,
    bodies,
    prompts,
    rejected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

const allText = (s: ProjectionState) =>
  s.messages.map((m) => m.parts.map((p) => p.text ?? "").join("")).join("|");

const RUN_ENDED = "upstream run ended; ready for the next write";

/** The gateway on a data dir, with a few session helpers. */
async function gatewayOn(dataDir: string) {
  const server: RunningServer = await startServer({
    noAuth: true,
    port: 0,
    dataDir,
    sources: allSources(),
  });
  const session = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
  const state = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
  const command = (id: string, body: Record<string, unknown>) =>
    postJson(`${server.url}/api/sessions/${id}/commands`, body);
  /** Waits until `responses` upstream responses have ended and been stored (the connector reports each
   * end as a fact; only then does it take the next send). */
  const idle = (id: string, responses: number) =>
    waitFor(async () => {
      const log = await getJson(`${server.url}/api/sessions/${id}/events.json?after=0&limit=5000`);
      const ended = JSON.stringify(log.body).split(RUN_ENDED).length - 1;
      return ended >= responses ? true : undefined;
    }, 20_000);
  return { server, session, state, command, idle };
}

describe("AI SDK connector: resume after a gateway restart carries the tool calls", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  });

  it("FALL-01/HYD-09/CTRL-06 the next request carries the earlier tool parts with their stored outcome; a pending approval is left out and said so", async () => {
    const upstream = await aiSdkUpstream();
    closers.push(upstream.close);
    const dir = tempDir("agent-ui-ai-sdk-resume-");
    closers.push(async () => dir.remove());
    const first = await gatewayOn(dir.path);
    closers.push(() => first.server.close());
    const created = await postJson(`${first.server.url}/api/sessions`, {
      source: "ai-sdk",
      config: { url: upstream.url, text: "weather in Paris?" },
    });
    expect(created.status).toBe(201);
    const id = created.body.session.id as string;
    const before = await waitFor(async () => {
      const s = await first.state(id);
      return allText(s).includes("the sensor tool failed") ? s : undefined;
    }, 20_000);
    expect(before.tools["call-w"].status).toBe("output-available");
    expect(before.tools["call-s"].status).toBe("output-error");
    await first.idle(id, 1);
    // Turn 2 asks for a gated tool: its approval is pending when the gateway goes down.
    const send = await first.command(id, {
      kind: "send",
      idempotencyKey: "send:2",
      text: "delete /workspace/x",
    });
    expect(send.body.status).toBe("accepted");
    await waitFor(
      async () => ((await first.state(id)).actions["call-d"]?.status === "pending" ? true : undefined),
      20_000,
    );
    await first.idle(id, 2);
    // What the live connector posted for turn 2: the conversation as useChat keeps it.
    const liveAssistant = upstream.bodies[1].messages[1];
    await first.server.close();

    const second = await gatewayOn(dir.path);
    closers.push(() => second.server.close());
    const resumed = await waitFor(async () => {
      const s = await second.session(id);
      return s.attached && s.status === "live" && /gateway restarted/.test(s.statusReason) ? s : undefined;
    }, 20_000);
    // (Whether the small weather output counts as a possibly cut preview depends on whether the
    // projection knows its size; ai-sdk-restore.test.ts covers previews.)
    expect(resumed.statusReason).toContain(
      "the conversation was rebuilt from the projection: 3 text message(s), 2 tool call(s) with their outcome",
    );
    expect(resumed.statusReason).toContain(
      "1 tool call(s) left out (no outcome stored; 1 waited for an approval, which expired unanswered)",
    );
    // The approval's request did not survive the restart: answering it is refused with why, nothing is sent.
    const answer = await second.command(id, {
      kind: "respond_action",
      idempotencyKey: "approve:after-restart",
      actionId: "call-d",
      decision: "approve",
    });
    expect(answer.body.status).toBe("rejected");
    expect(answer.body.reason).toMatch(/no pending approval/);
    expect(upstream.bodies).toHaveLength(2);
    // …and the card says so instead of waiting forever: expired with the reason; its call, which could
    // only have run once answered, is cancelled rather than left approval-requested (HITL-05, TOOL-11).
    const settled = await waitFor(async () => {
      const s = await second.state(id);
      return s.actions["call-d"]?.status === "expired" ? s : undefined;
    }, 20_000);
    expect(settled.actions["call-d"].auditSummary).toMatch(/can no longer be answered/);
    expect(settled.tools["call-d"].status).toBe("cancelled");
    expect(deleted).toEqual([]);

    const again = await second.command(id, { kind: "send", idempotencyKey: "send:3", text: "and now?" });
    expect(again.body.status).toBe("accepted");
    await waitFor(
      async () => (allText(await second.state(id)).includes("Still 21°C.") ? true : undefined),
      20_000,
    );
    // The SDK accepted the rebuilt conversation (validateUIMessages + convertToModelMessages).
    expect(upstream.rejected).toEqual([]);
    const posted = upstream.bodies[2].messages;
    expect(posted.map((m) => m.role)).toEqual(["user", "assistant", "user", "user"]);
    // The assistant's tool parts as they were live — the stored input and outcome — then a new step with
    // the answer written after the results (live, useChat also opens the message with a step-start).
    const liveTools = liveAssistant.parts.filter((p) => p.type.startsWith("tool-"));
    expect(liveTools.map((p) => p.type)).toEqual(["tool-weather", "tool-sensor"]);
    expect(posted[1].parts).toEqual([
      ...liveTools,
      { type: "step-start" },
      { type: "text", text: "It is 21°C in Paris; the sensor tool failed." },
    ]);
    expect(posted[1].parts[0]).toMatchObject({
      state: "output-available",
      input: { city: "Paris" },
      output: { city: "Paris", tempC: 21 },
    });
    expect(posted[1].parts[1]).toMatchObject({
      state: "output-error",
      input: { id: 7 },
      errorText: before.tools["call-s"].error?.message,
    });
    // The gated call had no outcome: not invented as run, denied or answered — absent.
    expect(JSON.stringify(posted)).not.toContain("call-d");
    // And the model's prompt holds the earlier call and its result.
    const prompt = upstream.prompts.at(-1) ?? [];
    expect(prompt.find((m) => m.role === "tool")?.content).toContainEqual(
      expect.objectContaining({
        type: "tool-result",
        toolCallId: "call-w",
        output: { type: "json", value: { city: "Paris", tempC: 21 } },
      }),
    );
  }, 60_000);
});
