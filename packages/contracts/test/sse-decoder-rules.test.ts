import { describe, expect, it } from "vitest";
import { SseDecoder, type SseMessage } from "../src/index";

/** Feeds `chunks` one by one and collects every event they complete. */
function decode(...chunks: string[]): SseMessage[] {
  const decoder = new SseDecoder();
  return chunks.flatMap((chunk) => decoder.push(chunk));
}

describe("SseDecoder follows the WHATWG event stream interpretation", () => {
  it("a blank line dispatches the event: data lines joined by LF, event name, id and retry", () => {
    expect(decode("event: delta\nid: 7\nretry: 1500\ndata: a\ndata:b\n\n")).toEqual([
      { event: "delta", data: "a\nb", id: "7", retry: 1500 },
    ]);
  });

  it("an event without a name is a message; only one leading space of a value is dropped", () => {
    expect(decode("data:  two\n\n")).toEqual([{ event: "message", data: " two" }]);
    expect(decode("data\n\n")).toEqual([{ event: "message", data: "" }]);
  });

  it("comments, unknown fields and a blank line with no data dispatch nothing, and clear the event name", () => {
    expect(decode(": ping\nfoo: 12\n\nevent: x\n\ndata: y\n\n")).toStrictEqual([
      { event: "message", data: "y" },
    ]);
  });

  it("an unknown field with a number is not a retry", () => {
    expect(decode("foo: 12\ndata: y\n\n")).toStrictEqual([{ event: "message", data: "y" }]);
  });

  it("a retry that is not all digits and an id with NUL are ignored", () => {
    expect(decode("retry: 1s\nretry: a1\nid: a\u0000b\ndata: x\n\n")).toStrictEqual([
      { event: "message", data: "x" },
    ]);
  });

  it("the last id persists across events; retry and the event name do not", () => {
    expect(decode("event: e\nid: 1\nretry: 5\ndata: a\n\ndata: b\n\n")).toEqual([
      { event: "e", data: "a", id: "1", retry: 5 },
      { event: "message", data: "b", id: "1" },
    ]);
  });

  it.each([
    ["LF", ["data: a\n\ndata: b\n\n"]],
    ["CRLF", ["data: a\r\n\r\ndata: b\r\n\r\n"]],
    ["CRLF between data lines", ["da", "ta: a\r\n\r\ndata: b\r\n\r\n"]],
    ["CR", ["data: a\r\rdata: b\r\r\n"]],
    ["CRLF split between chunks", ["data: a\r", "\n\r", "\ndata: b\r\n\r\n"]],
    ["a line split over many chunks", ["da", "ta", ": ", "a\n", "\nda", "ta: b", "\n", "\n"]],
    ["one character at a time", [..."data: a\n\ndata: b\n\n"]],
  ])("%s line ends give the same events", (_name, chunks) => {
    expect(decode(...chunks)).toEqual([
      { event: "message", data: "a" },
      { event: "message", data: "b" },
    ]);
  });

  it("data lines ended by CRLF belong to one event", () => {
    expect(decode("data: a\r\ndata: b\r\n\r\n")).toStrictEqual([{ event: "message", data: "a\nb" }]);
  });

  it("a lone CR at the end of a chunk waits for the next one", () => {
    const decoder = new SseDecoder();
    expect(decoder.push("data: a\r\r")).toEqual([]);
    expect(decoder.push("data: b\n\n")).toEqual([
      { event: "message", data: "a" },
      { event: "message", data: "b" },
    ]);
  });

  it("end() drops an event without its blank line, and the decoder starts clean", () => {
    const decoder = new SseDecoder();
    expect(decoder.push("event: e\ndata: lost\n")).toEqual([]);
    decoder.end();
    expect(decoder.push("data: kept\n\n")).toEqual([{ event: "message", data: "kept" }]);
    expect(decoder.push("partial line")).toEqual([]);
    decoder.end();
    expect(decoder.push("data: next\n\n")).toEqual([{ event: "message", data: "next" }]);
  });
});
