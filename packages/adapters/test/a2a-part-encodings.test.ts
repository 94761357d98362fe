// One part read the same in each A2A encoding: url, file, data and inline-bytes parts as client
// `{content:{$case, value}}` unions, proto-JSON `{url}` / `{raw}` / `{data}` and v0.3 `{kind, file}` —
// what a teammate message cites (EVID-01), keeps as app data (STATE-01) and counts as non-text parts.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const said = (parts: unknown): AgentUiEvent[] =>
  a2aAdapter.create().push({ kind: "message", messageId: "m1", role: "agent", taskId: "t1", parts }, 0);
const facts = (events: AgentUiEvent[]) => ({
  nonTextParts: events.find((e) => e.type === "text.final")?.payload?.nonTextParts ?? 0,
  citations: events.filter((e) => e.type === "evidence.changed").flatMap((e) => e.payload?.citations),
  data: events
    .filter((e) => e.type === "state.delta")
    .flatMap((e) => (e.payload?.patch as { value: unknown }[] | undefined)?.at(-1)?.value),
  other: events.filter((e) => !["text.final", "evidence.changed", "state.delta"].includes(e.type)),
});
const cited = (fields: Record<string, unknown>) => ({
  nonTextParts: 1,
  citations: [{ messageId: "m1", partId: "m1:0", ...fields }],
  data: [],
  other: [],
});
const counted = { nonTextParts: 1, citations: [], data: [], other: [] };
/** The one html page the url parts below name, cited as a document whatever their encoding or key order. */
const CITED_PAGE = cited({
  id: "https://a.example/",
  sourceType: "document",
  url: "https://a.example/",
  title: "a.html",
  filename: "a.html",
  mediaType: "text/html",
});

describe("A2A part encodings", () => {
  it.each([
    [
      "a proto-JSON url part with its media type and name",
      { url: "https://a.example/", mimeType: "text/html", name: "a.html" },
      CITED_PAGE,
    ],
    [
      "a client url union",
      { content: { $case: "url", value: "https://b.example/" } },
      cited({ id: "https://b.example/", sourceType: "url", url: "https://b.example/" }),
    ],
    [
      "a client raw union with a name",
      { content: { $case: "raw", value: "AAAA" }, filename: "x.bin" },
      cited({ id: "file:x.bin", sourceType: "document", title: "x.bin", filename: "x.bin" }),
    ],
    [
      "a proto-JSON raw part with a name",
      { raw: "AAAA", filename: "y.bin" },
      cited({ id: "file:y.bin", sourceType: "document", title: "y.bin", filename: "y.bin" }),
    ],
    [
      "a v0.3 file link with its name and media type inside",
      {
        kind: "file",
        file: { url: "https://f.example/f.pdf", filename: "f.pdf", mediaType: "application/pdf" },
      },
      cited({
        id: "https://f.example/f.pdf",
        sourceType: "document",
        url: "https://f.example/f.pdf",
        title: "f.pdf",
        filename: "f.pdf",
        mediaType: "application/pdf",
      }),
    ],
    [
      "a JSON part naming its file before its link",
      { filename: "a.html", mediaType: "text/html", url: "https://a.example/" },
      CITED_PAGE,
    ],
    [
      "a JSON part naming its file before its bytes",
      { filename: "y.bin", raw: "AAAA" },
      cited({ id: "file:y.bin", sourceType: "document", title: "y.bin", filename: "y.bin" }),
    ],
    [
      "a client url union whose value is no string",
      { content: { $case: "url", value: 5 }, filename: "u.html" },
      counted,
    ],
    ["a proto-JSON url that is no string", { url: 5 }, counted],
    ["a v0.3 raw part without bytes", { kind: "raw", filename: "z.bin" }, counted],
    ["a v0.3 file part with neither link nor bytes", { kind: "file", file: { name: "n.pdf" } }, counted],
    ["a v0.3 file part without a file", { kind: "file" }, counted],
    [
      "a part of another kind carrying a file",
      { kind: "video", file: { uri: "https://v.example/" } },
      counted,
    ],
    ["a part that is no object", "hello", counted],
  ])("EVID-01 ENV-09 %s", (_label, part, expected) => {
    expect(facts(said([part]))).toStrictEqual(expected);
  });

  it.each([
    ["a client data union", { content: { $case: "data", value: { k: 1 } } }],
    ["a proto-JSON data part after its metadata", { metadata: { m: 1 }, data: { k: 1 } }],
    ["a JSON data part after its media type", { mediaType: "application/json", data: { k: 1 } }],
  ])("STATE-01 %s is the message's app data", (_label, part) => {
    expect(facts(said([part]))).toStrictEqual({
      nonTextParts: 1,
      citations: [],
      data: [{ k: 1 }],
      other: [],
    });
  });

  it("TEAM-04 a message without parts is an empty message with no other parts", () => {
    expect(said(undefined).map((e) => [e.type, e.payload])).toStrictEqual([
      ["text.final", { text: "", role: "assistant" }],
    ]);
  });
});
