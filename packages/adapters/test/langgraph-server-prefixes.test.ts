// The captured LangGraph runs as an Agent Server delivers them: raw SSE frames opened by `metadata`,
// LangChain messages serialized as API dicts (`{type: "ai" | "human" | "tool", …}`; a streamed token
// is `type: "ai"` too, the server does not say "chunk"). Every prefix of the stream, projected, must
// show what the runtime had at that point: text that only grows, the user's prompt from the start.
import { readFileSync } from "node:fs";
import { type AgentUiEvent, type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src/langgraph";
import { type LangGraphTuple, sseText } from "./langgraph-sse";

const chunks = (name: string) =>
  parseRecords(
    readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8"),
  ).records.map((r) => r.value as LangGraphTuple);
const RUN1 = chunks("langgraph.run1-interrupt.stream-chunks.jsonl");
const RUN2 = chunks("langgraph.run2-resume.stream-chunks.jsonl");
const STATE = JSON.parse(
  readFileSync(
    new URL("../../../../shared/peers/streams/langgraph.state-after-interrupt.json", import.meta.url),
    "utf8",
  ),
) as unknown;
const PROMPT = "delete /workspace/demo/x";

const API_TYPES: Record<string, string> = {
  AIMessageChunk: "ai",
  AIMessage: "ai",
  HumanMessage: "human",
  ToolMessage: "tool",
};

/** LangChain's `{_type: "AIMessageChunk", …}` as the Agent Server's API dict `{type: "ai", …}`. */
function asApiDicts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asApiDicts);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "_type") out.type = API_TYPES[String(inner)] ?? inner;
    else out[key] = asApiDicts(inner);
  }
  return out;
}

const serverRun = (runId: string, list: LangGraphTuple[]) =>
  sseText(
    runId,
    list.map(([ns, mode, data]): LangGraphTuple => [ns, mode, asApiDicts(data)]),
  );

/** The framed records of SSE text. */
function frames(text: string) {
  const framed = parseRecords(text);
  expect(framed.format).toBe("sse");
  return framed.records;
}

/** The projection after each record (no `finish()`: what a live UI shows at that point). */
function prefixes(text: string): ProjectionState[] {
  const adapter = langgraphAdapter.create();
  const events: AgentUiEvent[] = [];
  const states: ProjectionState[] = [];
  frames(text).forEach((record, i) => {
    events.push(...adapter.push(record.value, i, record.meta));
    states.push(projectEvents(events));
  });
  return states;
}

/** Assistant text by message id (all text parts of the message joined). */
function assistantTexts(state: ProjectionState): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of state.messages)
    if (m.role === "assistant")
      out.set(
        m.id,
        m.parts
          .filter((p) => p.kind === "assistant_text")
          .map((p) => p.text ?? "")
          .join(""),
      );
  return out;
}

const userTexts = (state: ProjectionState) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "user_text").map((p) => p.text));

describe("langgraph adapter: Agent Server streams, prefix by prefix", () => {
  const both = serverRun("run-1", RUN1) + serverRun("run-2", RUN2);
  const states = prefixes(both);
  const last = assistantTexts(states[states.length - 1]);

  /** Every text a message shows, prefix by prefix (repeats collapsed). */
  function shownBy(id: string): string[] {
    const shown: string[] = [];
    for (const state of states) {
      const text = assistantTexts(state).get(id);
      if (text !== undefined && text !== shown.at(-1)) shown.push(text);
    }
    return shown;
  }
  const idOf = (text: string) => [...last].find(([, t]) => t === text)?.[0] ?? "";

  it("TEXT-04 tokens typed `ai` accumulate: every prefix shows a prefix of the final text", () => {
    for (const state of states)
      for (const [id, text] of assistantTexts(state))
        expect(last.get(id)?.startsWith(text), `${id}: "${text}"`).toBe(true);
  });

  it('TEXT-04 the preamble grows "Let me " → "Let me delete it."', () => {
    expect(shownBy(idOf("Let me delete it."))).toEqual(["Let me ", "Let me delete it."]);
  });

  it("TEXT-04 the resumed answer grows one character at a time, never shows one character alone", () => {
    expect(shownBy(idOf("Deleted."))).toEqual([
      "D",
      "De",
      "Del",
      "Dele",
      "Delet",
      "Delete",
      "Deleted",
      "Deleted.",
    ]);
  });

  it("TEXT-09 a stream opened by `metadata` shows the user's prompt, once, from its first values on", () => {
    const firstValues = frames(both).findIndex((r) => r.meta?.sseEvent === "values");
    for (const state of states.slice(firstValues)) expect(userTexts(state)).toEqual([PROMPT]);
  });
});

describe("langgraph adapter: the user's prompt outside a values-first stream", () => {
  const project = (records: unknown[]) => {
    const adapter = langgraphAdapter.create();
    return projectEvents([...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()]);
  };

  it("HYD-01 a thread state read alone shows the user's prompt", () => {
    const values = RUN1.filter(
      ([ns, mode, data]) => ns.length === 0 && mode === "values" && "messages" in (data as object),
    ).at(-1)?.[2];
    expect(userTexts(project([{ ...(STATE as object), values }]))).toEqual([PROMPT]);
  });

  it("TEXT-09 with checkpoints first in the stream the run's input is kept", () => {
    const [first] = RUN1;
    const checkpoint: LangGraphTuple = [
      [],
      "checkpoints",
      { values: first[2], next: ["research"], tasks: [] },
    ];
    expect(userTexts(project([checkpoint, ...RUN1]))).toEqual([PROMPT]);
  });

  it("HYD-01 the state read after run 1 adds no second copy of the prompt", () => {
    expect(userTexts(project([...RUN1, STATE]))).toEqual([PROMPT]);
  });
});
