// Bounded memory whatever the runtime sends: the team topology the Lime adapter remembers per session
// has a cap. Past it one `source_limit_exceeded` warning names the table and its cap, and what
// forgetting costs is visible; at the cap nothing is forgotten.
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { MAX_TEAM_SESSIONS } from "../src/lime/team-shape";
import { limits, pushEach } from "./bounds-support";
import { LIME_IDS } from "./lime-support";

const adapt = (records: unknown[]) => pushEach(limeAdapter.create(), records);
const stated = (k: number) => ({
  ...LIME_IDS,
  type: "subagent.status",
  eventId: `e${k}`,
  sessionId: `s${k}`,
  subagentId: "w",
  topology: "review_team",
  payload: {},
});
const implied = {
  ...LIME_IDS,
  type: "subagent.spawned",
  eventId: "implied",
  sessionId: "s0",
  subagentId: "w2",
  parentSessionId: "ps",
  payload: {},
};
const many = (n: number) => Array.from({ length: n }, (_, k) => stated(k));

describe("Lime team topology per session", () => {
  it(`TEAM-16 ENV-09 past ${MAX_TEAM_SESSIONS} sessions one warning; a forgotten session's implied team is a coordinator team`, () => {
    const { all, last } = adapt([...many(MAX_TEAM_SESSIONS + 1), implied]);
    expect(limits(all)).toEqual([{ table: "team topology", cap: MAX_TEAM_SESSIONS }]);
    expect(last[0].topology).toBe("coordinator_team");
    // The warning says what forgetting costs, and points at the record that overflowed the table.
    const warning = all.find((e) => e.type === "diagnostic.changed");
    expect(warning?.payload?.message).toBe(
      `lime: the team topology table reached its cap of ${MAX_TEAM_SESSIONS}: the sessions that stated one longest ago are forgotten; a forgotten session's implied team facts are stamped coordinator_team`,
    );
    expect(warning?.source?.index).toBe(MAX_TEAM_SESSIONS);
  });

  it(`TEAM-16 ENV-09 ${MAX_TEAM_SESSIONS} sessions fit: no warning, an implied team keeps its session's stated topology`, () => {
    const { all, last } = adapt([...many(MAX_TEAM_SESSIONS), implied]);
    expect(limits(all)).toEqual([]);
    expect(last[0].topology).toBe("review_team");
  });
});
