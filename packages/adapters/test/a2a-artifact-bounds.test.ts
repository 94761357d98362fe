// Bounded memory whatever the remote agent sends: the remote tasks and artifacts the A2A adapter
// remembers, the text kept per artifact to compare a task snapshot against, and the source refs per
// artifact have caps. Past each one warning names the table and its cap, and what is lost is stated.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";
import { MAX_TASKS } from "../src/a2a/adapter";
import { MAX_ARTIFACTS, MAX_ARTIFACT_CITATIONS, MAX_ARTIFACT_TEXT } from "../src/a2a/artifacts";
import { limits, ofType } from "./bounds-support";

const status = (taskId: string, state: string) => ({
  kind: "status-update",
  taskId,
  contextId: "c1",
  status: { state },
});
const task = (artifacts: unknown[]) => ({
  kind: "task",
  id: "t1",
  contextId: "c1",
  status: { state: "working" },
  artifacts,
});
const artifact = (id: string, text: string) => ({ artifactId: id, parts: [{ text }] });
const chunk = (id: string, text: string, append = false, lastChunk = true) => ({
  kind: "artifact-update",
  taskId: "t1",
  contextId: "c1",
  artifact: artifact(id, text),
  append,
  lastChunk,
});

function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = a2aAdapter.create({ sessionId: "local" });
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}

/** The events of the last record, after the ones before it. */
function lastEvents(records: unknown[]): { all: AgentUiEvent[]; last: AgentUiEvent[] } {
  const all = adapt(records);
  return { all, last: all.filter((e) => e.source?.index === records.length - 1) };
}

describe("A2A remote tasks", () => {
  const working = (n: number) => Array.from({ length: n }, (_, k) => status(`t${k}`, "working"));

  it(`TEAM-11 ENV-09 past ${MAX_TASKS} open tasks one warning; the forgotten one reporting again starts anew`, () => {
    const { all, last } = lastEvents([...working(MAX_TASKS + 1), status("t0", "working")]);
    expect(limits(all)).toEqual([{ table: "task", cap: MAX_TASKS }]);
    expect(
      all.filter((e) => e.payload?.code === "source_limit_exceeded").map((e) => e.payload?.message),
    ).toEqual([
      `a2a: the task table reached its cap of ${MAX_TASKS}: ended tasks are forgotten first, then the oldest; a forgotten task reporting again starts anew`,
    ]);
    expect(ofType(last, "run.started")).toHaveLength(1);
  });

  it(`TEAM-11 ENV-09 ${MAX_TASKS} tasks fit: no warning, a task reporting again is known`, () => {
    const { all, last } = lastEvents([...working(MAX_TASKS), status("t0", "working")]);
    expect(limits(all)).toEqual([]);
    expect(last).toEqual([]);
  });

  it("TEAM-11 ENV-09 ended tasks are forgotten first: an open task outlives them", () => {
    const ended = Array.from({ length: MAX_TASKS }, (_, k) => status(`e${k}`, "completed"));
    const { all, last } = lastEvents([status("open", "working"), ...ended, status("open", "working")]);
    expect(limits(all)).toEqual([{ table: "task", cap: MAX_TASKS }]);
    expect(last).toEqual([]);
  });
});

describe("A2A artifacts", () => {
  const artifacts = (n: number) => Array.from({ length: n }, (_, k) => chunk(`a${k}`, `x${k}`));

  it(`ART-01 ENV-09 past ${MAX_ARTIFACTS} artifacts one warning; a snapshot restating a forgotten one states it again`, () => {
    const records = [status("t1", "working"), ...artifacts(MAX_ARTIFACTS + 1)];
    const { all, last } = lastEvents([...records, task([artifact("a1", "x1"), artifact("a0", "x0")])]);
    expect(limits(all)).toEqual([{ table: "artifact", cap: MAX_ARTIFACTS }]);
    expect(ofType(last, "artifact.created").map((e) => e.artifactId)).toEqual(["a0"]);
  });

  it(`ART-01 ENV-09 ${MAX_ARTIFACTS} artifacts fit: no warning, a snapshot restating them adds nothing`, () => {
    const records = [status("t1", "working"), ...artifacts(MAX_ARTIFACTS)];
    const { all, last } = lastEvents([...records, task([artifact("a0", "x0")])]);
    expect(limits(all)).toEqual([]);
    expect(last).toEqual([]);
  });

  /** An artifact of `chars` characters in two appended chunks, then a snapshot of the same text. */
  function longArtifact(chars: number): unknown[] {
    const half = "y".repeat(Math.floor(chars / 2));
    const rest = "y".repeat(chars - half.length);
    return [
      status("t1", "working"),
      chunk("long", half, false, false),
      chunk("long", rest, true, true),
      task([artifact("long", half + rest)]),
    ];
  }

  it(`ART-01 ENV-09 past ${MAX_ARTIFACT_TEXT} characters the text is not kept: one warning, an equal snapshot is stated again`, () => {
    const { all, last } = lastEvents(longArtifact(MAX_ARTIFACT_TEXT + 1));
    expect(limits(all)).toEqual([{ table: "artifact text", cap: MAX_ARTIFACT_TEXT }]);
    expect(ofType(last, "artifact.updated").map((e) => e.artifactId)).toEqual(["long"]);
  });

  it(`ART-01 ENV-09 ${MAX_ARTIFACT_TEXT} characters fit: no warning, an equal snapshot adds nothing`, () => {
    const { all, last } = lastEvents(longArtifact(MAX_ARTIFACT_TEXT));
    expect(limits(all)).toEqual([]);
    expect(last).toEqual([]);
  });

  const cited = (n: number) => ({
    kind: "artifact-update",
    taskId: "t1",
    contextId: "c1",
    artifact: {
      artifactId: "cited",
      parts: Array.from({ length: n }, (_, k) => ({ kind: "file", file: { uri: `https://x.test/${k}` } })),
    },
    lastChunk: true,
  });
  const citations = (events: AgentUiEvent[]) =>
    (ofType(events, "artifact.created")[0]?.payload as { citations?: unknown[] } | undefined)?.citations ??
    [];

  it(`ART-01 ENV-09 past ${MAX_ARTIFACT_CITATIONS} source refs on an artifact one warning; the first ones are stated`, () => {
    const all = adapt([status("t1", "working"), cited(MAX_ARTIFACT_CITATIONS + 1)]);
    expect(limits(all)).toEqual([{ table: "artifact citation", cap: MAX_ARTIFACT_CITATIONS }]);
    expect(citations(all)).toHaveLength(MAX_ARTIFACT_CITATIONS);
  });

  it(`ART-01 ENV-09 ${MAX_ARTIFACT_CITATIONS} source refs fit: no warning, all stated`, () => {
    const all = adapt([status("t1", "working"), cited(MAX_ARTIFACT_CITATIONS)]);
    expect(limits(all)).toEqual([]);
    expect(citations(all)).toHaveLength(MAX_ARTIFACT_CITATIONS);
  });
});

describe("A2A artifact tables: warning texts and what a full table keeps", () => {
  const warnings = (events: AgentUiEvent[]) =>
    events.filter((e) => e.payload?.code === "source_limit_exceeded").map((e) => e.payload?.message);
  const streaming = (id: string) => chunk(id, `x-${id}`, false, false);

  it("ART-01 ENV-09 the artifact and citation warnings say what is lost", () => {
    const artifacts = adapt([
      status("t1", "working"),
      ...Array.from({ length: MAX_ARTIFACTS + 1 }, (_, k) => chunk(`a${k}`, "x")),
    ]);
    expect(warnings(artifacts)).toEqual([
      `a2a: the artifact table reached its cap of ${MAX_ARTIFACTS}: the finished ones are forgotten first, then the oldest; a task snapshot restating a forgotten artifact states it again, a later chunk starts it anew`,
    ]);
    const cited = adapt([
      status("t1", "working"),
      {
        kind: "artifact-update",
        taskId: "t1",
        contextId: "c1",
        artifact: {
          artifactId: "cited",
          parts: Array.from({ length: MAX_ARTIFACT_CITATIONS + 1 }, (_, k) => ({
            kind: "file",
            file: { uri: `https://x.test/${k}` },
          })),
        },
        lastChunk: true,
      },
    ]);
    expect(warnings(cited)).toEqual([
      `a2a: the artifact citation table reached its cap of ${MAX_ARTIFACT_CITATIONS}: an artifact's further source refs are not stated`,
    ]);
  });

  it(`ART-01 ENV-09 past ${MAX_ARTIFACTS} streaming artifacts the newest is kept: its next chunk continues it`, () => {
    const open = Array.from({ length: MAX_ARTIFACTS + 1 }, (_, k) => streaming(`a${k}`));
    const newest = `a${MAX_ARTIFACTS}`;
    const { last } = lastEvents([status("t1", "working"), ...open, chunk(newest, "more", true, false)]);
    expect(last.filter((e) => e.type.startsWith("artifact.")).map((e) => [e.type, e.artifactId])).toEqual([
      ["artifact.updated", newest],
    ]);
  });

  it("ART-01 ENV-09 a finished artifact is forgotten before an older one still streaming", () => {
    const filler = Array.from({ length: MAX_ARTIFACTS - 2 }, (_, k) => streaming(`f${k}`));
    const { last } = lastEvents([
      status("t1", "working"),
      streaming("older"),
      chunk("done", "x"),
      ...filler,
      streaming("new"),
      chunk("older", "more", true, false),
    ]);
    expect(last.filter((e) => e.type.startsWith("artifact.")).map((e) => [e.type, e.artifactId])).toEqual([
      ["artifact.updated", "older"],
    ]);
  });

  it("ART-01 a task snapshot restating an artifact with other text of the same length updates it", () => {
    const { last } = lastEvents([status("t1", "working"), chunk("a", "abc"), task([artifact("a", "xyz")])]);
    expect(ofType(last, "artifact.updated").map((e) => e.artifactId)).toEqual(["a"]);
  });
});
