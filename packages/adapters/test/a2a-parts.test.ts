// A2A message and artifact parts as a reader sees them: an artifact's readable content line by line
// (text as it is, data as JSON, url/file parts as links, inline bytes only noted), the source refs of
// url and file parts, append/replace chunks and the bounded preview.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
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

describe("A2A artifact facts", () => {
  const link = (n: number) => ({ kind: "file", file: { uri: `https://f.example/${n}`, name: `${n}.txt` } });
  const cite = (n: number) => ({
    id: `https://f.example/${n}`,
    sourceType: "document",
    url: `https://f.example/${n}`,
    title: `${n}.txt`,
    filename: `${n}.txt`,
  });
  const facts = (events: AgentUiEvent[]) =>
    artifacts(events).map((e) => ({
      type: e.type,
      taskId: e.taskId,
      artifactId: e.artifactId,
      artifactKind: e.artifactKind,
      artifactStatus: e.artifactStatus,
      artifactPreview: e.artifactPreview,
      sourceRefs: e.sourceRefs,
      phase: e.phase,
      payload: e.payload,
    }));

  it("ART-01 EVID-01 created → updating → ready; citations gather by id; a replacing chunk starts over, keeping the kind; each task has its own artifact", () => {
    const adapter = a2aAdapter.create();
    const events = [
      ...adapter.push(chunk([link(1)], false, false, { name: "notes.md", description: "Notes" })),
      ...adapter.push(chunk([link(1), link(2)], true)),
      ...adapter.push(chunk([{ kind: "text", text: "fresh" }], false, true)),
      ...adapter.push({ ...chunk([{ kind: "text", text: "other" }], true), taskId: "t2" }),
    ];
    const two = "[1.txt](https://f.example/1)\n[1.txt](https://f.example/1)\n[2.txt](https://f.example/2)";
    const at = (taskId: string) => ({ taskId, sourceRefs: [taskId], phase: "producing", artifactId: "a1" });
    expect(facts(events)).toStrictEqual([
      {
        type: "artifact.created",
        ...at("t1"),
        artifactKind: "document",
        artifactStatus: "creating",
        artifactPreview: "[1.txt](https://f.example/1)",
        payload: {
          kind: "document",
          preview: "[1.txt](https://f.example/1)",
          title: "notes.md",
          description: "Notes",
          citations: [cite(1)],
        },
      },
      {
        type: "artifact.updated",
        ...at("t1"),
        artifactKind: "document",
        artifactStatus: "updating",
        artifactPreview: two,
        payload: { kind: "document", preview: two, citations: [cite(1), cite(2)] },
      },
      {
        type: "artifact.updated",
        ...at("t1"),
        artifactKind: "document",
        artifactStatus: "ready",
        artifactPreview: "fresh",
        payload: { kind: "document", preview: "fresh" },
      },
      {
        type: "artifact.created",
        ...at("t2"),
        artifactKind: "unknown",
        artifactStatus: "creating",
        artifactPreview: "other",
        payload: { kind: "unknown", preview: "other" },
      },
    ]);
  });

  it("ART-01 the preview keeps the first 4096 characters; later chunks do not grow it", () => {
    const adapter = a2aAdapter.create();
    const previews = artifacts([
      ...adapter.push(chunk([{ kind: "text", text: "x".repeat(4000) }])),
      ...adapter.push(chunk([{ kind: "text", text: "y".repeat(200) }], true)),
      ...adapter.push(chunk([{ kind: "text", text: "z" }], true)),
    ]).map((e) => String(e.artifactPreview));
    expect(previews.map((p) => p.length)).toEqual([4000, 4096, 4096]);
    expect(previews[2].endsWith("y".repeat(96))).toBe(true);
  });

  it("ART-01 HYD-01 a task snapshot: same content says nothing, changed content replaces, a new artifact is created, one without id is skipped", () => {
    const adapter = a2aAdapter.create();
    adapter.push(chunk([{ kind: "text", text: "fresh" }], false, true));
    const snapshot = (artifactsOf: unknown[]) =>
      adapter.push({
        kind: "task",
        id: "t1",
        contextId: "c1",
        status: { state: "working" },
        artifacts: artifactsOf,
      });
    expect(facts(snapshot([{ artifactId: "a1", parts: [{ kind: "text", text: "fresh" }] }]))).toEqual([]);
    expect(
      facts(
        snapshot([
          { artifactId: "a1", name: "x.csv", parts: [{ kind: "text", text: "changed" }, link(3)] },
          { parts: [{ kind: "text", text: "no id" }] },
          { artifactId: "a9", parts: [{ kind: "data", data: 1, mediaType: "application/json" }] },
        ]),
      ),
    ).toStrictEqual([
      {
        type: "artifact.updated",
        taskId: "t1",
        artifactId: "a1",
        artifactKind: "table",
        artifactStatus: "ready",
        artifactPreview: "changed\n[3.txt](https://f.example/3)",
        sourceRefs: ["t1"],
        phase: "producing",
        payload: {
          kind: "table",
          preview: "changed\n[3.txt](https://f.example/3)",
          title: "x.csv",
          citations: [cite(3)],
        },
      },
      {
        type: "artifact.created",
        taskId: "t1",
        artifactId: "a9",
        artifactKind: "dataset",
        artifactStatus: "ready",
        artifactPreview: "1",
        sourceRefs: ["t1"],
        phase: "producing",
        payload: { kind: "dataset", preview: "1" },
      },
    ]);
  });
});

describe("A2A message parts", () => {
  it("EVID-01 STATE-01 a teammate message's files and urls cite it part by part; its data parts are app data", () => {
    const events = a2aAdapter.create().push({
      kind: "status-update",
      taskId: "t1",
      contextId: "c1",
      status: {
        state: "working",
        message: {
          kind: "message",
          messageId: "m1",
          role: "agent",
          parts: [
            { kind: "text", text: "see" },
            { kind: "file", file: { uri: "https://f.example/a", name: "a.txt" } },
            { kind: "data", data: { k: 1 } },
            { kind: "file", file: { bytes: "AA", name: "z.bin", mimeType: "application/zip" } },
            { kind: "file", file: { bytes: "AA" } },
            { url: "https://u.example/page" },
          ],
        },
      },
    });
    expect(
      events.filter((e) => e.type === "evidence.changed").map((e) => e.payload?.citations),
    ).toStrictEqual([
      [
        {
          id: "https://f.example/a",
          sourceType: "document",
          url: "https://f.example/a",
          title: "a.txt",
          filename: "a.txt",
          messageId: "m1",
          partId: "m1:1",
        },
      ],
      [
        {
          id: "file:z.bin",
          sourceType: "document",
          title: "z.bin",
          filename: "z.bin",
          mediaType: "application/zip",
          messageId: "m1",
          partId: "m1:3",
        },
      ],
      [
        {
          id: "https://u.example/page",
          sourceType: "url",
          url: "https://u.example/page",
          messageId: "m1",
          partId: "m1:5",
        },
      ],
    ]);
    expect(events.find((e) => e.type === "state.delta")?.payload).toStrictEqual({
      patch: [
        { op: "add", path: "/a2aData", value: {} },
        { op: "add", path: "/a2aData/m1", value: [{ k: 1 }] },
      ],
    });
  });
});

describe("A2A artifact edges", () => {
  it("ART-01 the kind comes from the first part that states a media type; a file link without a name cites a document", () => {
    const [created] = artifacts(
      a2aAdapter.create().push(
        chunk([
          { kind: "text", text: "t" },
          { kind: "file", file: { uri: "https://f.example/sheet", mimeType: "text/csv" } },
          { kind: "data", data: 1, mediaType: "application/json" },
        ]),
      ),
    );
    expect(created.artifactKind).toBe("table");
    expect(created.payload?.citations).toStrictEqual([
      {
        id: "https://f.example/sheet",
        sourceType: "document",
        url: "https://f.example/sheet",
        mediaType: "text/csv",
      },
    ]);
  });

  it("ORD-02 ART-01 a snapshot's content is bounded and compared again by the next snapshot", () => {
    const adapter = a2aAdapter.create();
    const snapshot = (text: string) =>
      artifacts(
        adapter.push({
          kind: "task",
          id: "t1",
          contextId: "c1",
          status: { state: "working" },
          artifacts: [{ artifactId: "a1", parts: [{ kind: "text", text }] }],
        }),
      );
    const long = "w".repeat(5000);
    expect(snapshot(long).map((e) => String(e.artifactPreview).length)).toEqual([4096]);
    expect(snapshot(long)).toEqual([]);
  });

  it("TOOL-02 a data part exactly at the offload limit stays inline; one byte over is offloaded, with or without a detail keeper", () => {
    // {"s":"é…"}: 8 bytes of JSON around the string, 2 bytes per é — 3 × its length is over the limit.
    const data = (n: number) => ({ s: "é".repeat(n) });
    const preview = (limit: number, keepDetail?: (detail: { ref: string }) => void) =>
      String(
        artifacts(
          a2aAdapter
            .create({ largePayloadBytes: limit, keepDetail })
            .push(chunk([{ kind: "data", data: data(50) }])),
        )[0].artifactPreview,
      );
    expect(preview(108)).toBe(JSON.stringify(data(50)));
    const kept: string[] = [];
    expect(preview(107, (detail) => kept.push(detail.ref))).toMatch(
      /^\{"s":"é+"\}…\n\[data part of 108 bytes; the whole part is kept at detail:\/\/body\/\S+\]$/,
    );
    expect(kept).toHaveLength(1);
    expect(preview(107)).toContain("[data part of 108 bytes; the whole part is kept at detail://body/");
  });
});

describe("A2A artifact preview redaction", () => {
  it("SEC-03 ART-01 a preview that redaction made longer than its bound takes no more text", () => {
    const adapter = a2aAdapter.create();
    const key = "AKIAABCDEFGHIJKLMNOP";
    const previews = artifacts([
      ...adapter.push(chunk([{ kind: "text", text: `${"x".repeat(4095 - key.length)} ${key}` }])),
      ...adapter.push(chunk([{ kind: "text", text: "abcdefghij" }], true)),
    ]).map((e) => String(e.artifactPreview));
    expect(previews[0].endsWith("x [redacted:aws_access_key]")).toBe(true);
    expect(previews[1]).toBe(previews[0]);
    expect(previews[0]).not.toContain(key);
  });
});

describe("A2A artifact kind across chunks", () => {
  it("ART-01 chunks that restate no name or media type keep the kind the artifact already has", () => {
    const adapter = a2aAdapter.create();
    const events = [
      ...adapter.push({ kind: "status-update", taskId: "t1", contextId: "c1", status: { state: "working" } }),
      ...adapter.push(chunk([{ kind: "text", text: "# A" }], false, false, { name: "notes.md" })),
      ...adapter.push(chunk([{ kind: "text", text: " more" }], true, true)),
    ];
    expect(artifacts(events).map((e) => [e.artifactKind, e.payload?.kind])).toEqual([
      ["document", "document"],
      ["document", "document"],
    ]);
    expect(projectEvents(events).artifacts.a1).toMatchObject({
      kind: "document",
      title: "notes.md",
      preview: "# A more",
    });
  });
});

describe("A2A named inline bytes", () => {
  it("EVID-01 a named proto raw part cites a document, never a url", () => {
    const [created] = artifacts(
      a2aAdapter.create().push(chunk([{ raw: "AAA", filename: "p.png", mediaType: "image/png" }])),
    );
    expect(created.payload?.citations).toStrictEqual([
      { id: "file:p.png", sourceType: "document", title: "p.png", filename: "p.png", mediaType: "image/png" },
    ]);
  });
});
