import { describe, expect, it } from "vitest";
import { parseRecords } from "../src/index";

describe("framing: parseRecords", () => {
  it("ENV-01 JSONL: one record per line, blank lines skipped, line numbers kept", () => {
    const result = parseRecords('{"type":"a"}\n\n{"type":"b"}\r\n');
    expect(result.format).toBe("jsonl");
    expect(result.records.map((r) => r.value)).toEqual([{ type: "a" }, { type: "b" }]);
    expect(result.records.map((r) => r.meta.line)).toEqual([1, 3]);
    expect(result.records.map((r) => r.index)).toEqual([0, 1]);
    expect(result.diagnostics).toEqual([]);
  });

  it("a bad JSONL line becomes unparseable_input with its line number; the other lines survive", () => {
    const result = parseRecords('{"type":"a"}\n{"type":\n{"type":"c"}');
    expect(result.records.map((r) => (r.value as { type: string }).type)).toEqual(["a", "c"]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: "unparseable_input",
      severity: "error",
      eventRef: { line: 2 },
    });
    expect(result.diagnostics[0].message).toMatch(/^line 2:/);
  });

  it("a JSON array yields its elements in order", () => {
    const result = parseRecords('[{"type":"a"},\n {"type":"b"}]');
    expect(result.format).toBe("json-array");
    expect(result.records.map((r) => r.value)).toEqual([{ type: "a" }, { type: "b" }]);
  });

  it("a single pretty-printed JSON object is one record", () => {
    const result = parseRecords('{\n  "type": "a",\n  "payload": {}\n}\n');
    expect(result.format).toBe("json-object");
    expect(result.records).toHaveLength(1);
    expect(result.records[0].value).toEqual({ type: "a", payload: {} });
  });

  it("a broken pretty-printed document is one diagnostic, not one per line", () => {
    const result = parseRecords('{\n  "type": "a",\n  "payload": \n}\n');
    expect(result.records).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].code).toBe("unparseable_input");
  });

  it("SSE: data lines joined with newline, event and id kept in meta, comments and [DONE] ignored", () => {
    const text = [
      ": keep-alive",
      "event: message",
      "id: 7",
      'data: {"type":',
      'data: "a"}',
      "",
      'data: {"type":"b"}',
      "",
      "data: [DONE]",
      "",
    ].join("\n");
    const result = parseRecords(text);
    expect(result.format).toBe("sse");
    expect(result.records.map((r) => r.value)).toEqual([{ type: "a" }, { type: "b" }]);
    expect(result.records[0].meta).toEqual({ sseEvent: "message", sseId: "7", line: 2 });
    expect(result.records[1].meta.sseEvent).toBeUndefined();
    expect(result.diagnostics).toEqual([]);
  });

  it("SSE: a frame that is not JSON is reported with the line where the frame starts", () => {
    const result = parseRecords('data: {"type":"a"}\n\ndata: not json\n\ndata: {"type":"c"}\n');
    expect(result.records).toHaveLength(2);
    expect(result.diagnostics).toMatchObject([{ code: "unparseable_input", eventRef: { line: 3 } }]);
  });

  it("empty and whitespace-only input is empty, not an error", () => {
    expect(parseRecords("")).toEqual({ records: [], format: "empty", diagnostics: [] });
    expect(parseRecords(" \n\n ").format).toBe("empty");
  });

  it("SEC-03 a secret on an unparseable line is not quoted back in the diagnostic", () => {
    const result = parseRecords('{"type":"a"}\n{"apiKey": "sk-proj-abcdefghijklmnopqrstuvwxyz12", broken\n');
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].message).not.toContain("sk-proj-abcdefghijklmnopqrstuvwxyz12");
    expect(result.diagnostics[0].message).toBe(
      "line 2: not valid JSON (57 characters; unexpected input at character 52)",
    );
  });

  it("SEC-03 a file that is not JSON (an env file, a private key) is located by line, never quoted", () => {
    const body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj";
    const text = [
      '{"type":"a"}',
      "PASSWORD=correct-horse-9",
      "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "-----BEGIN PRIVATE KEY-----",
      body,
      "-----END PRIVATE KEY-----",
    ].join("\n");
    const result = parseRecords(text);
    expect(result.records).toHaveLength(1);
    expect(result.diagnostics.map((d) => d.eventRef?.line)).toEqual([2, 3, 4, 5, 6]);
    const said = JSON.stringify(result.diagnostics);
    for (const fragment of ["correct-horse", "wJalrXUtnFEMI", body.slice(0, 12), "PASSWORD", "BEGIN"])
      expect(said).not.toContain(fragment);
    expect(result.diagnostics[0].message).toBe("line 2: not valid JSON (24 characters; unexpected input)");
  });

  it("SEC-03 an SSE line that is no field is located, not quoted", () => {
    const result = parseRecords('data: {"type":"a"}\n\nghp_abcdefghijklmnopqrstuvwxyz0123 no colon\n');
    expect(result.records).toHaveLength(1);
    expect(result.diagnostics).toMatchObject([{ code: "unparseable_input", eventRef: { line: 3 } }]);
    expect(result.diagnostics[0].message).not.toContain("ghp_");
  });

  it("a leading byte-order mark is ignored", () => {
    expect(parseRecords('\ufeff{"type":"a"}').records[0].value).toEqual({ type: "a" });
  });
});
