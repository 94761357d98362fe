// The AI SDK content chunks outside text, reasoning and tools (custom and data parts, sources, files): each
// chunk checked against the SDK's own `uiMessageChunkSchema`, then the events and projected state a user sees.
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt, codes, ofType, wire } from "./ai-sdk-support";

describe("ai-sdk custom and data parts", () => {
  it("DIAG-01 a provider part is named by its kind in an info diagnostic; without a kind it says so", async () => {
    const events = adapt([{ type: "custom", kind: "openai.compaction" }, { type: "custom" }]);
    expect(codes(events)).toEqual([
      ["runtime_info", "info", "provider-specific part openai.compaction"],
      ["runtime_info", "info", "provider-specific part without kind"],
    ]);
    expect(events[1].payload).not.toHaveProperty("summary.kind");
  });

  it("STATE-01 data parts keep one app-state root; ids and names with / and ~ are escaped as pointer keys", async () => {
    const events = adapt(
      await wire([
        { type: "data-weather", data: { tempC: 21 } },
        { type: "data-weather", id: "a/b~c", data: { tempC: 22 } },
      ]),
    );
    expect(events.map((e) => e.payload?.patch)).toEqual([
      [
        { op: "add", path: "/aiSdkData", value: {} },
        { op: "add", path: "/aiSdkData/weather", value: { tempC: 21 } },
      ],
      [{ op: "add", path: "/aiSdkData/weather:a~1b~0c", value: { tempC: 22 } }],
    ]);
    expect(projectEvents(events).appState).toEqual({
      aiSdkData: { weather: { tempC: 21 }, "weather:a/b~c": { tempC: 22 } },
    });
  });

  it("STATE-01 a transient data part is never kept; a data part marked transient: false is", async () => {
    const events = adapt(
      await wire([
        { type: "data-progress", data: 10, transient: true },
        { type: "data-progress", data: 20, transient: false },
      ]),
    );
    expect(projectEvents(events).appState).toEqual({ aiSdkData: { progress: 20 } });
  });

  it("TEXT-04 a reset-step names the data part of the discarded step it cannot retract", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "start-step" },
        { type: "data-weather", id: "w1", data: { tempC: 21 } },
        { type: "reset-step" },
      ]),
    );
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload?.summary)).toEqual([
      { kept: ["data weather:w1"] },
    ]);
  });
});

describe("ai-sdk sources and files", () => {
  it("EVID-01 a source-url without sourceId is cited by its url, on the message that streamed it", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "source-url", sourceId: "s1", url: "https://example.com/a", title: "A" },
      ]),
    );
    const unnamed = adapt([
      { type: "start", messageId: "m" },
      { type: "source-url", url: "https://example.com/b" },
    ]);
    expect(
      [...events, ...unnamed]
        .filter((e) => e.type === "evidence.changed")
        .map((e) => [e.evidenceId, e.payload]),
    ).toEqual([
      [
        "s1",
        {
          citations: [
            { id: "s1", sourceType: "url", url: "https://example.com/a", title: "A", messageId: "m" },
          ],
        },
      ],
      [
        "https://example.com/b",
        {
          citations: [
            { id: "https://example.com/b", sourceType: "url", url: "https://example.com/b", messageId: "m" },
          ],
        },
      ],
    ]);
    expect(projectEvents(events).evidence.s1).toBeDefined();
  });

  it("ENV-09 a source without any id is a diagnostic naming what is missing, never a citation", () => {
    const events = adapt([
      { type: "source-url", title: "nowhere" },
      { type: "source-document", title: "no id", mediaType: "text/plain" },
    ]);
    expect(ofType(events, "evidence.changed")).toEqual([]);
    expect(events.map((e) => e.payload?.message)).toEqual([
      expect.stringContaining("source-url without sourceId or url"),
      expect.stringContaining("source-document without sourceId"),
    ]);
  });

  it("EVID-01 a source-document cites its title, media type and filename", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        {
          type: "source-document",
          sourceId: "d1",
          mediaType: "application/pdf",
          title: "Spec",
          filename: "spec.pdf",
        },
      ]),
    );
    expect(events.at(-1)?.payload).toEqual({
      citations: [
        {
          id: "d1",
          sourceType: "document",
          title: "Spec",
          mediaType: "application/pdf",
          filename: "spec.pdf",
          messageId: "m",
        },
      ],
    });
  });

  it("ART-01 a hosted file is an artifact titled by its filename, else its media type, read by its url", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "file", url: "https://cdn.example/r.pdf", mediaType: "application/pdf" },
        { type: "file", url: "https://cdn.example/s.csv", mediaType: "text/csv", filename: "sales.csv" },
      ]),
    );
    expect(
      ofType(events, "artifact.created").map((e) => [e.artifactId, e.artifactReadRef, e.payload]),
    ).toEqual([
      [
        "https://cdn.example/r.pdf",
        "https://cdn.example/r.pdf",
        { title: "application/pdf", mediaType: "application/pdf" },
      ],
      [
        "https://cdn.example/s.csv",
        "https://cdn.example/s.csv",
        { title: "sales.csv", mediaType: "text/csv" },
      ],
    ]);
  });

  it("SEC-01 ART-01 a url past 2048 characters is not copied: the file is an inline artifact of its message", async () => {
    const at = (n: number) => `https://cdn.example/${"a".repeat(n - 20)}`;
    expect(at(2048)).toHaveLength(2048);
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "file", url: at(2048), mediaType: "image/png" },
        { type: "file", url: at(2049), mediaType: "image/png" },
        { type: "reasoning-file", url: "data:image/png;base64,AAAA", mediaType: "image/png" },
      ]),
    );
    const created = ofType(events, "artifact.created");
    expect(created[0]).toMatchObject({ artifactId: at(2048), artifactReadRef: at(2048) });
    expect(created[0].payload).not.toHaveProperty("inline");
    expect(created.slice(1).map((e) => [e.artifactId, e.artifactReadRef, e.payload])).toEqual([
      ["m:file-2", undefined, { title: "image/png", mediaType: "image/png", inline: true }],
      [
        "m:reasoning-file-3",
        undefined,
        { title: "Reasoning file (image/png)", mediaType: "image/png", inline: true, origin: "reasoning" },
      ],
    ]);
    expect(JSON.stringify(events)).not.toContain("a".repeat(2040));
  });

  it("ART-01 an inline file before any start belongs to the stream's message: two streams keep two artifacts", async () => {
    const chunks = await wire([{ type: "file", url: "data:image/png;base64,AAAA", mediaType: "image/png" }]);
    const events = [...adapt(chunks, { streamId: "left" }), ...adapt(chunks, { streamId: "right" })];
    expect(ofType(events, "artifact.created").map((e) => [e.artifactId, e.messageId])).toEqual([
      ["left:message-1:file-1", "left:message-1"],
      ["right:message-1:file-1", "right:message-1"],
    ]);
    expect(Object.keys(projectEvents(events).artifacts)).toHaveLength(2);
  });

  it("ENV-09 a file without url, or a reasoning file without media type, is still an inline artifact", () => {
    const events = adapt([
      { type: "start", messageId: "m" },
      { type: "file", mediaType: "text/plain" },
      { type: "reasoning-file", url: "data:image/png;base64,AAAA" },
    ]);
    expect(ofType(events, "artifact.created").map((e) => [e.artifactId, e.payload])).toEqual([
      ["m:file-1", { title: "text/plain", mediaType: "text/plain", inline: true }],
      ["m:reasoning-file-2", { title: "Reasoning file", inline: true, origin: "reasoning" }],
    ]);
  });
});
