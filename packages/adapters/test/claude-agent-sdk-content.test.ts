// Assistant content of the Claude Agent SDK: `stream_event` deltas (includePartialMessages) and the
// per-block `assistant` snapshots, in the shapes the SDK relays from the Anthropic API. Streamed and
// snapshot text share one part (TEXT-04); thinking is reasoning detail (TEXT-07); what the adapter cannot
// place is a diagnostic that says why (ENV-09); sources become citations (EVID-01).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { of, pushEach as adapt } from "./claude-support";

const S = "sess-c";

const payloads = (events: AgentUiEvent[], type: string) => of(events, type).map((e) => e.payload);
const stream = (event: unknown, id: string | null = "m1", extra: Record<string, unknown> = {}) => ({
  type: "stream_event",
  session_id: S,
  parent_tool_use_id: null,
  ...(id !== null ? { api_message_id: id } : {}),
  event,
  ...extra,
});
const delta = (index: number, d: Record<string, unknown>, id?: string) =>
  stream({ type: "content_block_delta", index, delta: d }, id);
const assistant = (content: unknown, extra: Record<string, unknown> = {}, id: string | null = "m1") => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: null,
  message: { ...(id !== null ? { id } : {}), role: "assistant", content },
  ...extra,
});

describe("claude-agent-sdk stream events", () => {
  it("ENV-09 a stream delta without a message id is a missing-correlation warning, not a part", () => {
    const events = adapt([
      stream({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "x" } }, null),
    ]);
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      [
        "diagnostic.changed",
        {
          code: "missing_correlation",
          severity: "warning",
          message: "claude stream delta without a message id",
        },
      ],
    ]);
  });

  it("ENV-09 a block start without a message id adds nothing, not even a tool; the snapshot states the block", () => {
    const events = adapt([
      stream({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }, null),
      stream(
        {
          type: "content_block_start",
          index: 1,
          content_block: { type: "tool_use", id: "toolu_1", name: "Bash", input: {} },
        },
        null,
      ),
    ]);
    expect(events).toEqual([]);
  });

  it("ENV-09 an unknown stream event, or one without type, is named in an unsupported-event diagnostic", () => {
    const events = adapt([stream({ type: "ping_v9" }), stream(undefined, null)]);
    expect(events.map((e) => [e.payload?.code, e.payload?.message])).toEqual([
      ["unsupported_source_event", "claude-agent-sdk record #0: stream event ping_v9 is not mapped"],
      ["unsupported_source_event", "claude-agent-sdk record #1: stream event without type is not mapped"],
    ]);
  });

  it("TEAM-02 a subagent's message_start opens no parent run and states no parent status", () => {
    const events = adapt([
      stream({ type: "message_start", message: { id: "m9", model: "claude-x" } }, "m9", {
        parent_tool_use_id: "toolu_agent",
      }),
    ]);
    expect(events).toEqual([]);
  });

  it("STAT-08 message_start opens the run and streams with the model it names", () => {
    const events = adapt([stream({ type: "message_start", message: { id: "m1", model: "claude-x" } })]);
    expect(events.map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["run.started", "submitted", {}],
      ["run.status", "producing", { status: "streaming", model: "claude-x" }],
    ]);
  });

  it("TEXT-04 text deltas without a block start and their snapshot share one part", () => {
    const events = adapt([
      delta(0, { type: "text_delta", text: "Hel" }),
      delta(0, { type: "text_delta" }),
      delta(0, { type: "text_delta", text: "lo" }),
      assistant([{ type: "text", text: "Hello" }]),
    ]);
    expect(of(events, "text.delta").map((e) => [e.partId, e.payload?.delta])).toEqual([
      ["m1:0", "Hel"],
      ["m1:0", ""],
      ["m1:0", "lo"],
    ]);
    expect(of(events, "text.final").map((e) => [e.partId, e.phase, e.payload?.text])).toEqual([
      ["m1:0", "reconciling", "Hello"],
    ]);
  });

  it("TEXT-04 two streamed text blocks of one message each keep their own part through their snapshots", () => {
    const events = adapt([
      delta(0, { type: "text_delta", text: "Searching" }),
      delta(0, { type: "text_delta", text: "…" }),
      delta(2, { type: "text_delta", text: "Found" }),
      delta(2, { type: "text_delta", text: " it." }),
      assistant([{ type: "text", text: "Searching…" }]),
      assistant([{ type: "text", text: "Found it." }]),
    ]);
    expect(of(events, "text.delta").map((e) => e.partId)).toEqual(["m1:0", "m1:0", "m1:2", "m1:2"]);
    expect(of(events, "text.final").map((e) => [e.partId, e.payload?.text])).toEqual([
      ["m1:0", "Searching…"],
      ["m1:2", "Found it."],
    ]);
  });

  it("TEXT-04 a text snapshot arriving after a later tool's snapshot still restates the streamed part", () => {
    const events = adapt([
      delta(0, { type: "text_delta", text: "Let me look." }),
      stream({
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_1", name: "Read", input: {} },
      }),
      assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } }]),
      assistant([{ type: "text", text: "Let me look." }]),
    ]);
    expect(of(events, "text.final").map((e) => e.partId)).toEqual(["m1:0"]);
  });

  it("TEXT-04 a text snapshot arriving before the thinking snapshot is not taken for the thinking block", () => {
    const events = adapt([
      delta(0, { type: "thinking_delta", thinking: "Plan." }),
      delta(1, { type: "text_delta", text: "Answer." }),
      assistant([{ type: "text", text: "Answer." }]),
      assistant([{ type: "thinking", thinking: "Plan." }]),
    ]);
    expect(of(events, "text.final").map((e) => e.partId)).toEqual(["m1:1"]);
    expect(of(events, "reasoning.delta").map((e) => e.partId)).toEqual(["m1:0"]);
  });

  it("TEXT-07 thinking deltas without a block start are restated, not repeated, by the snapshot", () => {
    const events = adapt([
      delta(0, { type: "thinking_delta", thinking: "Plan" }),
      delta(0, { type: "thinking_delta" }),
      delta(0, { type: "signature_delta", signature: "EqQBCgIYAhIM" }),
      assistant([{ type: "thinking", thinking: "Plan", signature: "EqQBCgIYAhIM" }]),
    ]);
    expect(of(events, "reasoning.delta").map((e) => [e.partId, e.phase, e.payload])).toEqual([
      ["m1:0", "reasoning", { delta: "Plan", visibility: "detail" }],
      ["m1:0", "reasoning", { delta: "", visibility: "detail" }],
    ]);
    expect(events.some((e) => e.type === "diagnostic.changed" || e.type.startsWith("text."))).toBe(false);
  });

  it("TOOL-01 an input delta without arguments streams an empty piece; one for no known tool is a warning", () => {
    const events = adapt([
      stream({
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_1", name: "Read", input: {} },
      }),
      delta(1, { type: "input_json_delta" }),
      delta(2, { type: "input_json_delta", partial_json: "{}" }),
    ]);
    expect(of(events, "tool.started").map((e) => [e.toolCallId, e.messageId, e.phase, e.payload])).toEqual([
      ["toolu_1", "m1", "acting", { kind: "file", name: "Read" }],
    ]);
    expect(of(events, "tool.args").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["toolu_1", { argsDelta: "" }],
    ]);
    expect(payloads(events, "diagnostic.changed")).toEqual([
      {
        code: "missing_correlation",
        severity: "warning",
        message: "claude stream delta without a message id",
      },
    ]);
  });

  it("ENV-09 a tool block start without a call id is a missing-correlation warning, not a tool", () => {
    const events = adapt([
      stream({
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", name: "Bash", input: {} },
      }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.code])).toEqual([
      ["diagnostic.changed", "missing_correlation"],
    ]);
  });

  it("ENV-09 an unknown delta, or one without type, is named in an unsupported-event diagnostic", () => {
    const events = adapt([delta(0, { type: "citations_delta_v9" }), delta(0, {})]);
    expect(events.map((e) => e.payload?.message)).toEqual([
      "claude-agent-sdk record #0: content delta citations_delta_v9 is not mapped",
      "claude-agent-sdk record #1: content delta without type is not mapped",
    ]);
  });
});

describe("claude-agent-sdk assistant snapshots", () => {
  it("TEXT-04 an assistant message without an API id is keyed by its uuid", () => {
    const events = adapt([assistant([{ type: "text", text: "Hi" }], { uuid: "u-9" }, null)]);
    expect(of(events, "text.final").map((e) => [e.messageId, e.partId, e.payload?.text])).toEqual([
      ["u-9", "u-9:s0", "Hi"],
    ]);
  });

  it("ENV-09 an assistant message without any id is a missing-correlation warning", () => {
    const events = adapt([assistant([{ type: "text", text: "Hi" }], {}, null)]);
    expect(events.map((e) => e.payload)).toEqual([
      {
        code: "missing_correlation",
        severity: "warning",
        message: "claude stream delta without a message id",
      },
    ]);
  });

  it("TEXT-04 a message without content opens the run and states nothing else; a text block without text is empty", () => {
    expect(adapt([assistant(undefined)]).map((e) => e.type)).toEqual(["run.started"]);
    const events = adapt([assistant([{ type: "text" }])]);
    expect(payloads(events, "text.final")).toEqual([{ text: "" }]);
  });

  it("ENV-09 a content block of an unknown type, or without type, is named; redacted thinking is not", () => {
    const events = adapt([
      assistant([
        { type: "container_upload_v9" },
        { data: "?" },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix" },
      ]),
    ]);
    expect(payloads(events, "diagnostic.changed").map((p) => p?.message)).toEqual([
      "claude-agent-sdk record #0: assistant content block container_upload_v9 is not mapped",
      "claude-agent-sdk record #0: assistant content block unknown is not mapped",
    ]);
  });

  it("TEXT-07 unstreamed thinking arrives whole as reasoning detail; a later block is not taken for a streamed one", () => {
    const events = adapt([
      stream({ type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } }),
      delta(0, { type: "thinking_delta", thinking: "Fir" }),
      delta(0, { type: "thinking_delta", thinking: "st." }),
      assistant([{ type: "thinking", thinking: "First." }]),
      assistant([{ type: "thinking", thinking: "Second." }]),
      assistant([{ type: "thinking" }]),
    ]);
    expect(of(events, "reasoning.delta").map((e) => [e.messageId, e.partId, e.phase, e.payload])).toEqual([
      ["m1", "m1:0", "reasoning", { delta: "Fir", visibility: "detail" }],
      ["m1", "m1:0", "reasoning", { delta: "st.", visibility: "detail" }],
      ["m1", "m1:s1", "reasoning", { delta: "Second.", visibility: "detail" }],
      ["m1", "m1:s2", "reasoning", { delta: "", visibility: "detail" }],
    ]);
  });

  it("TOOL-01 a restated tool snapshot states its complete input once; a tool block without id is a warning", () => {
    const call = { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } };
    const events = adapt([
      assistant([call]),
      assistant([call]),
      assistant([{ type: "tool_use", name: "Bash", input: {} }]),
    ]);
    expect(of(events, "tool.args").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["toolu_1", { input: { command: "ls" }, inputSummary: "ls", complete: true }],
    ]);
    expect(of(events, "tool.started")).toHaveLength(1);
    expect(of(events, "diagnostic.changed").map((e) => e.payload?.code)).toEqual(["missing_correlation"]);
  });

  it("STAT-07 an assistant message's error is a runtime error diagnostic on that message", () => {
    const events = adapt([assistant([{ type: "text", text: "" }], { error: "rate_limit" })]);
    expect(of(events, "diagnostic.changed").map((e) => [e.messageId, e.payload])).toEqual([
      ["m1", { code: "runtime_error", severity: "error", message: "assistant message error: rate_limit" }],
    ]);
  });
});

describe("claude-agent-sdk citations", () => {
  it("EVID-01 a document citation without a url is cited by its document title", () => {
    const events = adapt([
      assistant([
        {
          type: "text",
          text: "Revenue grew.",
          citations: [
            {
              type: "char_location",
              document_index: 0,
              document_title: "Annual report",
              cited_text: "Revenue grew 12%",
              start_char_index: 0,
              end_char_index: 16,
            },
          ],
        },
      ]),
    ]);
    expect(of(events, "evidence.changed").map((e) => [e.evidenceId, e.payload])).toEqual([
      [
        "m1:s0:citations",
        {
          citations: [
            {
              id: "document:Annual report",
              sourceType: "document",
              title: "Annual report",
              messageId: "m1",
              partId: "m1:s0",
            },
          ],
        },
      ],
    ]);
  });
  it("EVID-01 only web search result pages with a url are cited; a search that found none states no source", () => {
    const events = adapt([
      assistant([
        { type: "server_tool_use", id: "srv_1", name: "web_search", input: { query: "q" } },
        {
          type: "web_search_tool_result",
          tool_use_id: "srv_1",
          content: [
            { type: "web_search_result", url: "https://a.example/1", title: "A", encrypted_content: "e" },
            { type: "web_search_result", title: "No url", encrypted_content: "e" },
            { type: "web_fetch_result", url: "https://b.example/2", title: "Not a search result" },
          ],
        },
        { type: "server_tool_use", id: "srv_2", name: "web_search", input: { query: "q2" } },
        {
          type: "web_search_tool_result",
          tool_use_id: "srv_2",
          content: { type: "web_search_tool_result_error", error_code: "max_uses_exceeded" },
        },
      ]),
    ]);
    expect(of(events, "evidence.changed").map((e) => [e.evidenceId, e.toolCallId, e.payload])).toEqual([
      [
        "srv_1:sources",
        "srv_1",
        {
          citations: [
            {
              id: "https://a.example/1",
              sourceType: "url",
              url: "https://a.example/1",
              title: "A",
              messageId: "m1",
            },
          ],
        },
      ],
    ]);
    expect(events.map((e) => [e.type, e.toolCallId])).toEqual([
      ["run.started", undefined],
      ["tool.started", "srv_1"],
      ["tool.args", "srv_1"],
      ["tool.result", "srv_1"],
      ["evidence.changed", "srv_1"],
      ["tool.started", "srv_2"],
      ["tool.args", "srv_2"],
      ["tool.result", "srv_2"],
    ]);
  });

  it("TOOL-01 a server tool's result ends its call once, with a preview; a result without a call id states nothing", () => {
    const fetched = { type: "web_fetch_result", url: "https://a.example/doc", content: { type: "document" } };
    const events = adapt([
      assistant([
        { type: "server_tool_use", id: "srv_f", name: "web_fetch", input: { url: "https://a.example/doc" } },
      ]),
      assistant([{ type: "web_fetch_tool_result", tool_use_id: "srv_f", content: fetched }]),
      assistant([{ type: "web_fetch_tool_result", tool_use_id: "srv_f", content: fetched }]),
      assistant([
        {
          type: "web_search_tool_result",
          content: [{ type: "web_search_result", url: "https://b.example" }],
        },
      ]),
    ]);
    expect(events.map((e) => [e.type, e.toolCallId, e.phase])).toEqual([
      ["run.started", undefined, "submitted"],
      ["tool.started", "srv_f", "acting"],
      ["tool.args", "srv_f", undefined],
      ["tool.result", "srv_f", "completed"],
    ]);
    expect(of(events, "tool.result")[0].payload?.outputPreview).toContain("https://a.example/doc");
  });

  it("EVID-01 a text citation with neither url nor document title is left out", () => {
    const events = adapt([
      assistant([
        {
          type: "text",
          text: "See the page.",
          citations: [
            { type: "char_location", document_index: 1, document_title: null, cited_text: "x" },
            {
              type: "web_search_result_location",
              url: "https://a.example/1",
              title: "A",
              cited_text: "y",
              encrypted_index: "i",
            },
          ],
        },
        { type: "text", text: "Nothing cited.", citations: [{ type: "char_location", cited_text: "z" }] },
      ]),
    ]);
    expect(of(events, "evidence.changed").map((e) => e.payload)).toEqual([
      {
        citations: [
          {
            id: "https://a.example/1",
            sourceType: "url",
            url: "https://a.example/1",
            title: "A",
            messageId: "m1",
            partId: "m1:s0",
          },
        ],
      },
    ]);
  });
});
