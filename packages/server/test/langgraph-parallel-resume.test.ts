// The real LangGraph Agent Server (`@langchain/langgraph-api`, what `langgraph dev` runs) on loopback,
// serving a graph whose step has two interrupting nodes (./fixtures/langgraph-parallel-graph.mjs). The
// client answers only `a` (`command: {resume: {[a's id]: …}}`): the resumed run runs the step again, `a`
// reports, then `b` asks the same question again. The runs' SSE streams go through the `langgraph`
// adapter on one reader; after every event, the interrupts the server streams in a run must not show
// resolved during that run, and what a run ends waiting on must be pending (HITL-03).
import { langgraphAdapter } from "@agent-ui/adapters";
import { type AgentUiEvent, SseDecoder } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./helpers";

const GRAPH = "parallel";
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  process.env.LOG_LEVEL ??= "error";
  const { startServer } = await import("@langchain/langgraph-api/server");
  const dir = tempDir("agent-ui-langgraph-parallel-");
  const graph = fileURLToPath(new URL("./fixtures/langgraph-parallel-graph.mjs", import.meta.url));
  const upstream = await startServer({
    port: 0,
    nWorkers: 1,
    host: "127.0.0.1",
    cwd: dir.path,
    graphs: { [GRAPH]: `${graph}:graph` },
  });
  url = `http://${upstream.host}`;
  close = async () => {
    await upstream.cleanup();
    dir.remove();
  };
}, 60_000);
afterAll(async () => close?.());

interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** One run's SSE events, as `{event, data, id}` (what the SDK's `runs.stream` yields). */
async function streamRun(threadId: string, body: Record<string, unknown>): Promise<SseEvent[]> {
  const response = await post(`/threads/${threadId}/runs/stream`, {
    assistant_id: GRAPH,
    stream_mode: ["values", "updates"],
    ...body,
  });
  expect(response.status).toBe(200);
  const frames = new SseDecoder().push(await response.text());
  return frames.map((f) => ({ event: f.event, data: JSON.parse(f.data), ...(f.id ? { id: f.id } : {}) }));
}

/** The interrupt ids a run streams in `updates` / `values` `__interrupt__`: the ones it waits on. */
function raisedIn(run: SseEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const { event, data } of run) {
    if (event !== "updates" && event !== "values") continue;
    for (const entry of ((data as Record<string, unknown>)?.__interrupt__ as { id: string }[]) ?? [])
      ids.add(entry.id);
  }
  return ids;
}

describe("Agent Server: a paused step's sibling reports before the paused node asks again", () => {
  let runs: SseEvent[][];
  let answered: string;
  let unanswered: string;

  beforeAll(async () => {
    const thread = (await (await post("/threads", {})).json()) as { thread_id: string };
    const first = await streamRun(thread.thread_id, { input: { log: [] } });
    const asked = first.flatMap(
      (e) => (e.data as { __interrupt__?: { id: string; value: string }[] })?.__interrupt__ ?? [],
    );
    answered = asked.find((i) => i.value === "a?")?.id ?? "";
    unanswered = asked.find((i) => i.value === "b?")?.id ?? "";
    expect(raisedIn(first)).toEqual(new Set([answered, unanswered]));
    const second = await streamRun(thread.thread_id, { command: { resume: { [answered]: "ok" } } });
    const third = await streamRun(thread.thread_id, { command: { resume: "fine" } });
    runs = [first, second, third];
  }, 60_000);

  it("the resumed run streams a's update before b asks again (the order under test)", () => {
    const second = runs[1];
    const update = second.findIndex((e) => e.event === "updates" && JSON.stringify(e.data).includes('"a"'));
    const asked = second.findIndex((e) => raisedIn([e]).has(unanswered));
    expect(update).toBeGreaterThanOrEqual(0);
    expect(asked).toBeGreaterThan(update);
    expect(raisedIn(second)).toEqual(new Set([unanswered]));
  });

  it("HITL-03 after every event the adapter shows what the server waits on", () => {
    const adapter = langgraphAdapter.create();
    const events: AgentUiEvent[] = [];
    const problems: string[] = [];
    let index = 0;
    runs.forEach((run, k) => {
      const raised = raisedIn(run);
      for (const record of run) {
        events.push(...adapter.push(record, index++));
        const { actions } = projectEvents(events);
        for (const id of raised)
          if (actions[id]?.status === "resolved")
            problems.push(`run ${k} event ${index - 1}: ${id} resolved`);
      }
      const { actions } = projectEvents(events);
      for (const id of raised)
        if (actions[id]?.status !== "pending")
          problems.push(`end of run ${k}: ${id} is ${actions[id]?.status}`);
    });
    events.push(...adapter.finish());
    const end = projectEvents(events);
    expect(problems).toEqual([]);
    expect([end.actions[answered]?.status, end.actions[unanswered]?.status]).toEqual([
      "resolved",
      "resolved",
    ]);
  });
});
