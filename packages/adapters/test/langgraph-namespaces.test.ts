// Subgraph namespaces over a long session: many calls of the same subgraphs, nested levels, and one
// node name (`search`) run by several parents. A parent's update for a node completes exactly the open
// subgraphs that node ran under that parent, in the order they were announced, once (TEAM-02).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";
import { MAX_NAMESPACES } from "../src/langgraph/namespaces";

type Tuple = [string[], string, unknown];
const CALLS = 120;
const progress = (namespace: string[]): Tuple => [namespace, "custom", { rows: 1 }];
const update = (namespace: string[], node: string): Tuple => [namespace, "updates", { [node]: { rows: [] } }];

function completions(records: Tuple[]): string[][] {
  const adapter = langgraphAdapter.create();
  const events: AgentUiEvent[] = records.flatMap((r, i) => adapter.push(r, i));
  const byRecord = new Map<number, string[]>();
  for (const e of events)
    if (e.type === "agent.completed")
      byRecord.set(e.source?.index ?? -1, [...(byRecord.get(e.source?.index ?? -1) ?? []), e.agentId ?? ""]);
  return [...byRecord.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids);
}

describe("langgraph namespaces over many subgraph calls", () => {
  it("TEAM-02 each parent's update completes only its own open children of that node, in announce order", () => {
    const records: Tuple[] = [];
    const research = (i: number) => `research:t${i}`;
    for (let i = 0; i < CALLS; i++) {
      // research:t<i> runs two searches; the root runs a search of its own between them.
      records.push(progress([research(i), `search:a${i}`]));
      records.push(progress([`search:r${i}`]));
      records.push(progress([research(i), `search:b${i}`]));
    }
    records.push(update([], "search"));
    records.push(update([research(7)], "search"));
    records.push(update([research(7)], "search"));
    records.push(update([], "research"));
    records.push(update([], "research"));
    records.push(progress([research(CALLS)]));
    records.push(update([], "research"));

    const rootSearches = Array.from({ length: CALLS }, (_, i) => `search:r${i}`);
    const t7 = [`${research(7)}|search:a7`, `${research(7)}|search:b7`];
    const researches = Array.from({ length: CALLS }, (_, i) => research(i));
    expect(completions(records)).toEqual([rootSearches, t7, researches, [research(CALLS)]]);
  });

  it("TEAM-02 nested levels complete from their own parent; a deeper namespace never completes a shallower one", () => {
    const records: Tuple[] = [
      progress(["plan:p1", "research:t1", "search:s1"]),
      progress(["research:t2", "search:s2"]),
      progress(["plan:p1", "research:t3"]),
      update(["plan:p1"], "research"),
      update(["plan:p1", "research:t1"], "search"),
      update([], "search"),
      update(["research:t2"], "search"),
      update([], "plan"),
      update([], "research"),
    ];
    expect(completions(records)).toEqual([
      ["plan:p1|research:t1", "plan:p1|research:t3"],
      ["plan:p1|research:t1|search:s1"],
      ["research:t2|search:s2"],
      ["plan:p1"],
      ["research:t2"],
    ]);
  });
});

describe("langgraph namespace table bound", () => {
  const adapt = (records: Tuple[]) => {
    const adapter = langgraphAdapter.create();
    return records.flatMap((r, i) => adapter.push(r, i));
  };
  const spawned = (events: AgentUiEvent[]) =>
    events.filter((e) => e.type === "agent.spawned").map((e) => e.agentId);
  const limits = (events: AgentUiEvent[]) =>
    events.filter((e) => (e.payload as { code?: string } | undefined)?.code === "source_limit_exceeded");

  it(`TEAM-02 ENV-09 past ${MAX_NAMESPACES} open namespaces a new one is reported once, its events kept, and tracked once one completes`, () => {
    const open = Array.from({ length: MAX_NAMESPACES }, (_, i): Tuple => progress([`sub${i}:t`]));
    const events = adapt([
      ...open,
      progress(["extra:t1"]),
      [["extra:t1"], "messages", [{ _type: "AIMessageChunk", id: "m1", content: "hi" }, {}]],
      progress(["extra:t2"]),
      update([], "sub0"),
      progress(["extra:t1"]),
    ]);
    const [limit, ...more] = limits(events);
    expect(more).toEqual([]);
    expect(limit.source?.index).toBe(MAX_NAMESPACES);
    const payload = limit.payload as { severity: string; message: string; summary: unknown };
    expect(payload.severity).toBe("warning");
    expect(payload.summary).toEqual({ table: "subgraph namespace", cap: MAX_NAMESPACES });
    expect(payload.message).toBe(
      `langgraph: the subgraph namespace table reached its cap of ${MAX_NAMESPACES}: while every one is open, a new one is not tracked (no spawn, parent or completion) until one completes; its events still carry its agent id`,
    );
    expect(events.find((e) => e.type === "text.delta")?.agentId).toBe("extra:t1");
    // sub0:t completed and is forgotten to make room: extra:t1 is announced; extra:t2 never was.
    expect(spawned(events).slice(MAX_NAMESPACES)).toEqual(["extra:t1"]);
  });

  it("TEAM-02 completed namespaces are forgotten first; an open one is never forgotten and still completes", () => {
    const records: Tuple[] = [progress(["keep:k"])];
    const calls = MAX_NAMESPACES + 16;
    for (let i = 0; i < calls; i++) records.push(progress([`done${i}:t`]), update([], `done${i}`));
    records.push(update([], "keep"));
    const events = adapt(records);
    expect(limits(events)).toEqual([]);
    expect(spawned(events)).toHaveLength(calls + 1);
    expect(events.filter((e) => e.type === "agent.completed").at(-1)?.agentId).toBe("keep:k");
    expect(events.filter((e) => e.type === "agent.spawned" && e.agentId === "keep:k")).toHaveLength(1);
  });

  it(`TEAM-02 ENV-09 namespaces announced before the thread id: only the ${MAX_NAMESPACES} still tracked get their parent edge`, () => {
    const records: Tuple[] = [];
    const calls = MAX_NAMESPACES + 16;
    for (let i = 0; i < calls; i++) records.push(progress([`done${i}:t`]), update([], `done${i}`));
    records.push([
      [],
      "messages",
      [{ _type: "AIMessageChunk", id: "m1", content: "hi" }, { thread_id: "th" }],
    ]);
    const events = adapt(records);
    const edges = events.filter((e) => e.type === "agent.changed");
    expect(edges.map((e) => e.agentId)).toEqual(
      Array.from({ length: MAX_NAMESPACES }, (_, i) => `done${i + 16}:t`),
    );
    expect(edges.every((e) => e.parentThreadId === "th")).toBe(true);
  });

  const summaries = (events: AgentUiEvent[]) =>
    limits(events).map((e) => (e.payload as { summary?: { table: string } }).summary?.table);
  const checkpoint = (ns: string, id: string): Tuple => [
    [ns],
    "checkpoints",
    { config: { configurable: { checkpoint_id: id } }, values: {}, next: [], tasks: [] },
  ];
  const state = (ns: string): Tuple => [[ns], "values", { log: [] }];

  it(`HITL-03 ENV-09 past ${MAX_NAMESPACES} subgraphs streaming state and checkpoints in a run, one warning per table`, () => {
    const each = (n: number, f: (ns: string) => Tuple[]) =>
      Array.from({ length: n }, (_, i) => f(`sub${i}:t`)).flat();
    const steps = (ns: string) => [state(ns), checkpoint(ns, `${ns}-1`), update([], ns.split(":")[0])];
    expect(summaries(adapt(each(MAX_NAMESPACES, steps)))).toEqual([]);
    const events = adapt(each(MAX_NAMESPACES + 1, steps));
    expect(summaries(events)).toEqual(["subgraph state", "subgraph checkpoint"]);
    expect(events.filter((e) => e.type === "agent.spawned")).toHaveLength(MAX_NAMESPACES + 1);
  });
});
