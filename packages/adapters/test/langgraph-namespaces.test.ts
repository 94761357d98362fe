// Subgraph namespaces over a long session: many calls of the same subgraphs, nested levels, and one
// node name (`search`) run by several parents. A parent's update for a node completes exactly the open
// subgraphs that node ran under that parent, in the order they were announced, once (TEAM-02).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";

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
