// A2A message and artifact parts as a reader sees them: an artifact's readable content line by line
// (text as it is, data as JSON, url/file parts as links, inline bytes only noted), the source refs of
// url and file parts, append/replace chunks and the bounded preview.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const chunk = (parts: unknown[], append = false, lastChunk = false, extra: Record<string, unknown> = {}) => ({
  kind: "artifact-update",
  taskId: "t1",
  contextId: "c1",
  artifact: { artifactId: "a1", parts, ...extra },
  append,
  lastChunk,
});
const artifacts = (events: AgentUiEvent[]) => events.filter((e) => e.type.startsWith("artifact."));

describe("A2A artifact content", () => {
  it("ART-01 EVID-01 text as it is, data as JSON, links and noted bytes each on a line of their own", () => {
    const [created] = artifacts(
      a2aAdapter.create().push(
        chunk(
          [
            { kind: "text", text: "a" },
            { kind: "data", data: { x: 1 } },
            { kind: "text", text: "b" },
            {
              kind: "file",
              file: { uri: "https://f.example/r.pdf", name: "r.pdf", mimeType: "application/pdf" },
            },
            { kind: "text", text: "c\n" },
            { kind: "file", file: { bytes: "AAA", name: "f.bin", mimeType: "application/octet-stream" } },
            { kind: "file", file: { bytes: "AAA" } },
            { url: "https://u.example" },
            { raw: "AAA", filename: "p.png", mediaType: "image/png" },
            { kind: "mystery" },
            { kind: "text", text: "d" },
            { kind: "mystery" },
            { kind: "text", text: "e" },
          ],
          false,
          false,
          { name: "report.md", description: "The report" },
        ),
      ),
    );
    expect(created.artifactPreview).toBe(
      [
        "a",
        '{"x":1}',
        "b",
        "[r.pdf](https://f.example/r.pdf)",
        "c",
        "[f.bin (application/octet-stream)]",
        "[file]",
        "[https://u.example](https://u.example)",
        "[p.png (image/png)]",
        "de",
      ].join("\n"),
    );
  });
});

describe("A2A artifact chunks", () => {
  const link = (n: number) => ({ kind: "file", file: { uri: `https://f.example/${n}`, name: `${n}.txt` } });
  const snapshot = (parts: unknown[]) => ({
    kind: "task",
    id: "t1",
    contextId: "c1",
    status: { state: "working" },
    artifacts: [{ artifactId: "a1", parts }],
  });

  it("ART-01 ORD-02 an appended chunk continues the content's lines; the task snapshot restating it changes nothing", () => {
    const adapter = a2aAdapter.create();
    const live = artifacts([
      ...adapter.push(chunk([link(1)])),
      ...adapter.push(chunk([link(2), { kind: "text", text: "after" }], true)),
      ...adapter.push(chunk([{ kind: "text", text: " more" }], true, true)),
    ]);
    expect(live.map((e) => e.artifactPreview)).toEqual([
      "[1.txt](https://f.example/1)",
      "[1.txt](https://f.example/1)\n[2.txt](https://f.example/2)\nafter",
      "[1.txt](https://f.example/1)\n[2.txt](https://f.example/2)\nafter more",
    ]);
    expect(
      artifacts(
        adapter.push(
          snapshot([link(1), link(2), { kind: "text", text: "after" }, { kind: "text", text: " more" }]),
        ),
      ),
    ).toEqual([]);
  });
});
