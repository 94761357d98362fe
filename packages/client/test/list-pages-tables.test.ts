// HYD-02: paging a record table and the timeline back from the hydration window — from the window's
// cursor, merged through the projector, nothing asked without a cursor or a loader, and a page that
// arrives after a new window was applied left out (it belongs to the old one).
import type { ProjectionState, TablePage, TimelinePage, WindowInfo } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { ListPages } from "../src/list-pages";
import type { ClientProjector } from "../src/session-options";

const info = (before: string | null): WindowInfo => ({
  total: 4,
  included: 2,
  truncated: before !== null,
  before,
});
const state = { team: { agents: [], edges: [], workItems: [] } } as unknown as ProjectionState;

function pages(options: { tables?: string[]; timeline?: string[]; merge?: boolean } = {}) {
  const merged: unknown[][] = [];
  const asked: string[] = [];
  let notices = 0;
  const tableCursors = [...(options.tables ?? [])];
  const timelineCursors = [...(options.timeline ?? [])];
  const projector = (
    options.merge === false
      ? {}
      : {
          mergeRecords: (...args: unknown[]) => merged.push(["records", ...args]),
          mergeTimeline: (...args: unknown[]) => merged.push(["timeline", ...args]),
        }
  ) as ClientProjector;
  const lists = new ListPages(
    {
      loadTablePage: async (table, before) => {
        asked.push(`${table}<${before}`);
        const next = tableCursors.shift() ?? null;
        return { table, records: { [`r-${before}`]: {} }, window: info(next) } as unknown as TablePage;
      },
      loadTimelinePage: async (before) => {
        asked.push(`timeline<${before}`);
        const next = timelineCursors.shift() ?? null;
        return { entries: [{ id: `e-${before}` }], window: info(next) } as unknown as TimelinePage;
      },
    },
    () => projector,
    () => notices++,
  );
  return { lists, merged, asked, notices: () => notices };
}

describe("ListPages: record tables and the timeline", () => {
  it("HYD-02 pages a table back from the window's cursor until none is left, each page merged and announced", async () => {
    const p = pages({ tables: ["c1"] });
    p.lists.reset(state, { tables: { tools: info("c2"), tasks: info(null) } });
    expect(p.lists.hasOlderRows("tools")).toBe(true);
    expect(p.lists.hasOlderRows("tasks")).toBe(false);
    expect(p.lists.hasOlderRows("agents")).toBe(false);
    expect(await p.lists.loadOlderRows("tools")).toBe(true);
    expect(await p.lists.loadOlderRows("tools")).toBe(false);
    expect(await p.lists.loadOlderRows("tools")).toBe(false);
    expect(await p.lists.loadOlderRows("tasks")).toBe(false);
    expect(p.asked).toEqual(["tools<c2", "tools<c1"]);
    expect(p.merged).toEqual([
      ["records", "tools", { "r-c2": {} }],
      ["records", "tools", { "r-c1": {} }],
    ]);
    expect(p.notices()).toBe(2);
  });

  it("HYD-02 pages the timeline back the same way; without a window there is nothing older", async () => {
    const p = pages({ timeline: ["t1"] });
    p.lists.reset(state, undefined);
    expect(p.lists.hasOlderTimeline()).toBe(false);
    expect(await p.lists.loadOlderTimeline()).toBe(false);
    p.lists.reset(state, { timeline: info("t2") });
    expect(p.lists.hasOlderTimeline()).toBe(true);
    expect(await p.lists.loadOlderTimeline()).toBe(true);
    expect(await p.lists.loadOlderTimeline()).toBe(false);
    expect(p.lists.hasOlderTimeline()).toBe(false);
    expect(p.asked).toEqual(["timeline<t2", "timeline<t1"]);
    expect(p.merged).toEqual([
      ["timeline", [{ id: "e-t2" }]],
      ["timeline", [{ id: "e-t1" }]],
    ]);
  });

  it("HYD-02 a page that lands after a new window was applied is left out", async () => {
    const p = pages({ tables: ["c1", "c8"], timeline: ["t1"] });
    p.lists.reset(state, { tables: { tools: info("c2") }, timeline: info("t2") });
    const rows = p.lists.loadOlderRows("tools");
    const timeline = p.lists.loadOlderTimeline();
    p.lists.reset(state, { tables: { tools: info("c9") }, timeline: info("t9") });
    expect(await rows).toBe(true);
    expect(await timeline).toBe(true);
    expect(p.merged).toEqual([]);
    expect(p.notices()).toBe(0);
    expect(p.lists.hasOlderRows("tools")).toBe(true);
    expect(await p.lists.loadOlderRows("tools")).toBe(true);
    expect(p.asked.at(-1)).toBe("tools<c9");
  });

  it("HYD-02 nothing is asked without a loader; a projector without merges still moves the cursor", async () => {
    const none = new ListPages(
      {},
      () => ({}) as ClientProjector,
      () => {},
    );
    none.reset(state, { tables: { tools: info("c2") }, timeline: info("t2") });
    expect(await none.loadOlderRows("tools")).toBe(false);
    expect(await none.loadOlderTimeline()).toBe(false);
    expect(await none.loadOlderTeam("roster")).toBe(false);
    const bare = pages({ merge: false });
    bare.lists.reset(state, { tables: { tools: info("c2") }, timeline: info("t2") });
    expect(await bare.lists.loadOlderRows("tools")).toBe(false);
    expect(await bare.lists.loadOlderTimeline()).toBe(false);
    expect(bare.lists.hasOlderRows("tools")).toBe(false);
    expect(bare.notices()).toBe(2);
  });
});
