// Claude's sources (EVID-01): a server web search's result pages and a text block's citations, in the
// Anthropic API's own block shapes as the Agent SDK relays them, become source refs on the message that
// cites them — url and title as the blocks state them, never the encrypted content or the cited text.
import { adaptRecords } from "@agent-ui/adapters";
import { projectEvents } from "@agent-ui/projection";
import { beforeEach, describe, expect, it } from "vitest";

const S = "sess-web";
const RESULTS = [
  {
    type: "web_search_result",
    url: "https://weather.example.org/paris",
    title: "Paris weather",
    encrypted_content: "x1",
  },
  { type: "web_search_result", url: "https://meteo.example.net/fr", title: "Météo", encrypted_content: "x2" },
];
const CITATIONS = [
  {
    type: "web_search_result_location",
    url: RESULTS[0].url,
    title: RESULTS[0].title,
    cited_text: "Paris: sunny, twenty-one degrees",
    encrypted_index: "e1",
  },
];
const records = [
  { type: "system", subtype: "init", session_id: S, model: "claude", tools: [] },
  {
    type: "assistant",
    session_id: S,
    parent_tool_use_id: null,
    message: {
      id: "msg_1",
      role: "assistant",
      content: [
        { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "paris weather" } },
        { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: RESULTS },
        { type: "text", text: "It is 21°C in Paris.", citations: CITATIONS },
      ],
    },
  },
  { type: "result", subtype: "success", is_error: false, session_id: S, result: "It is 21°C in Paris." },
];

describe("claude-agent-sdk citations", () => {
  const adaptAndProject = () => {
    const adapted = adaptRecords(records, "auto");
    const state = projectEvents(adapted.events);
    const message = state.messages.find((m) => m.id === "msg_1");
    const cited = (message?.parts ?? []).filter((p) => p.kind === "evidence_ref");
    return { adapted, state, message, cited };
  };
  let { adapted, state, message, cited } = adaptAndProject();
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ adapted, state, message, cited } = adaptAndProject());
  });

  it("EVID-01 the web search's result pages are one evidence fact citing each page, linked to the search tool", () => {
    expect(adapted.detected?.format).toBe("claude-agent-sdk");
    const search = state.evidence["srvtoolu_1:sources"];
    expect(search.toolCallIds).toEqual(["srvtoolu_1"]);
    expect(search.citations?.map((c) => [c.url, c.title, c.sourceType, c.messageId])).toEqual(
      RESULTS.map((r) => [r.url, r.title, "url", "msg_1"]),
    );
    expect(JSON.stringify(state.evidence)).not.toContain("encrypted");
  });

  it("EVID-01 the answer's text citations are cited on the same message, with the text part that cites them", () => {
    const text = message?.parts.find((p) => p.kind === "assistant_text");
    const refs = cited.flatMap((p) => p.citations ?? []).filter((c) => c.partId !== undefined);
    expect(refs.map((c) => [c.url, c.title, c.partId])).toEqual(
      CITATIONS.map((c) => [c.url, c.title, text?.id]),
    );
    expect(JSON.stringify(state.evidence)).not.toContain(CITATIONS[0].cited_text);
  });
});
