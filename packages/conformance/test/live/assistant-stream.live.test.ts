// Live: assistant-ui's `assistant-stream` package writes the shared scenario (plus a subagent's text, a
// source and a data part replaced in place) through its controller; the chunks, the package's own
// `AssistantTransportEncoder` SSE and its `DataStreamEncoder` lines (the AI SDK 4 data stream) go through
// auto-detection, the adapters and the projection, and are compared with what the package itself
// accumulates (`AssistantMessageAccumulator`).
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AccumulatedMessage,
  CALL_ID,
  SOURCE,
  SUBAGENT,
  accumulated,
  chunksOf,
  dataStreamText,
  scenarioStream,
  transportSse,
} from "./assistant-stream.producer";

/** The facts both sides state, read from our projection. */
function projected(state: ProjectionState) {
  const texts = state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "assistant_text" || p.kind === "reasoning_summary")
      .map((p) => ({
        kind: p.kind === "assistant_text" ? "text" : "reasoning",
        text: p.text,
        agent: m.agentId,
      })),
  );
  const tool = state.tools[CALL_ID];
  return {
    texts,
    tool: tool && {
      name: tool.name,
      input: JSON.parse(tool.inputSummary ?? "null"),
      output: tool.outputText,
    },
    approval: Object.values(state.actions).map((a) => ({ status: a.status, decision: a.decision })),
    sources: Object.keys(state.evidence),
    data: (state.appState as { aiSdkData?: Record<string, unknown> }).aiSdkData,
  };
}

/** The same facts read from the package's own accumulated message. */
function reference(message: AccumulatedMessage) {
  const texts = message.parts
    .filter((p) => p.type === "text" || p.type === "reasoning")
    .map((p) => ({ kind: p.type, text: p.text, agent: p.parentId }));
  const tool = message.parts.find((p) => p.type === "tool-call");
  const approved = tool?.approval?.approved;
  const data: Record<string, unknown> = {};
  for (const p of message.parts) if (p.type === "data" && p.name) data[p.name] = p.data;
  return {
    texts,
    // JSON form: the package tags parsed args with a symbol of its own.
    tool: tool && { name: tool.toolName, input: JSON.parse(JSON.stringify(tool.args)), output: tool.result },
    approval: tool?.approval
      ? [
          {
            status: approved === undefined ? "pending" : "resolved",
            decision: approved ? "approve" : approved === false ? "reject" : undefined,
          },
        ]
      : [],
    sources: message.parts.filter((p) => p.type === "source").map((p) => p.id),
    data: Object.keys(data).length > 0 ? data : undefined,
  };
}

/** Subagent texts are their own message; the order to compare is the main transcript, then each agent's. */
function byAgent<T extends { agent?: string | null }>(texts: T[]) {
  return [...texts]
    .sort((a, b) => Number(a.agent != null) - Number(b.agent != null))
    .map((t) => ({ ...t, agent: t.agent ?? undefined }));
}

function project(records: unknown[]) {
  const adapted = adaptRecords(records, "auto");
  return { adapted, state: projectEvents(adapted.events) };
}

describe("live assistant-stream: chunks, transport SSE and data stream project like the package accumulates", () => {
  let chunks: unknown[];
  let reference_: ReturnType<typeof reference>;
  beforeAll(async () => {
    chunks = await chunksOf(scenarioStream({ approval: "approved" }));
    reference_ = reference(await accumulated({ approval: "approved" }));
  });

  it("ENV-01 the chunks auto-detect as assistant-stream with no error diagnostics", () => {
    const { adapted } = project(chunks);
    expect(adapted.detected).toMatchObject({ format: "assistant-stream" });
    expect(adapted.detected?.confidence).toBeGreaterThan(0.9);
    expect(adapted.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("TEXT-04 TOOL-01 HITL-03 TEAM-02 the chunks: texts once, tool input and result, approval, source and data as the accumulator", () => {
    const { state } = project(chunks);
    const ours = projected(state);
    expect(byAgent(ours.texts)).toEqual(byAgent(reference_.texts));
    expect(ours.tool).toEqual(reference_.tool);
    expect(ours.approval).toEqual(reference_.approval);
    expect(ours.sources).toEqual(reference_.sources);
    expect(ours.data).toEqual(reference_.data);
    expect(state.agents[SUBAGENT]).toMatchObject({ agentId: SUBAGENT, role: "subagent" });
    expect(state.runtime.status).toBe("completed");
  });

  it("ENV-01 the AssistantTransportEncoder SSE frames read as the same chunks and project the same", async () => {
    const framed = parseRecords(await transportSse({ approval: "approved" }));
    expect(framed.format).toBe("sse");
    expect(framed.diagnostics).toEqual([]);
    const { adapted, state } = project(framed.records);
    expect(adapted.detected?.format).toBe("assistant-stream");
    expect(projected(state)).toEqual(projected(project(chunks).state));
  });

  it("ENV-01 the DataStreamEncoder lines (AI SDK 4 data stream + aui-* lines) detect and project like the accumulator", async () => {
    const framed = parseRecords(await dataStreamText({ approval: "approved" }));
    expect(framed.format).toBe("data-stream");
    expect(framed.diagnostics).toEqual([]);
    const { adapted, state } = project(framed.records);
    expect(adapted.detected?.format).toBe("ai-sdk-data-stream");
    expect(adapted.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const ours = projected(state);
    expect(byAgent(ours.texts)).toEqual(byAgent(reference_.texts));
    expect(ours.tool).toEqual(reference_.tool);
    expect(ours.approval).toEqual(reference_.approval);
    expect(ours.sources).toEqual(reference_.sources);
    expect(ours.data).toEqual(reference_.data);
    expect(state.runtime.status).toBe("completed");
  });

  it("EVID-01 a source part is kept as evidence with its url and title", () => {
    const { adapted } = project(chunks);
    const evidence = adapted.events.find((e) => e.type === "evidence.changed");
    expect(evidence?.evidenceId).toBe(SOURCE.id);
    expect(JSON.stringify(evidence?.payload)).toContain(SOURCE.url);
    expect(JSON.stringify(evidence?.payload)).toContain(SOURCE.title);
  });
});

describe("live assistant-stream: an approval left unanswered", () => {
  it("HITL-01 the approval stays pending and the run waits, in the chunks and in the data stream", async () => {
    const message = await accumulated({ approval: "pending" });
    const tool = message.parts.find((p) => p.type === "tool-call");
    expect(tool?.approval?.approved).toBeUndefined();
    const fromChunks = project(await chunksOf(scenarioStream({ approval: "pending" }))).state;
    const fromLines = project(parseRecords(await dataStreamText({ approval: "pending" })).records).state;
    for (const state of [fromChunks, fromLines]) {
      expect(Object.values(state.actions).map((a) => a.status)).toEqual(["pending"]);
      expect(state.tools[CALL_ID].status).toBe("approval-requested");
      expect(state.runtime.status).toBe("action_required");
    }
  });
});
