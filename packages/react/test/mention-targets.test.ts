// Mention targets come only from what the projection knows (COMP-01/02, FALL-01): teammates, context refs,
// artifacts and files, evidence — never an invented name.
import { describe, expect, it } from "vitest";
import { filterTargets, mentionTargetsOf } from "../src/mention-targets";
import { agent, teamRunning } from "./fixtures/team";

describe("mentionTargetsOf", () => {
  it("COMP-01 lists teammates, context, artifacts and evidence with stable ids and their labels", () => {
    const s = teamRunning();
    s.agents.ghost = agent("ghost", { name: "unknown", status: "unknown", lineage: "unknown" });
    s.artifacts["art-diff"] = {
      ...s.artifacts["art-1"],
      artifactId: "art-diff",
      kind: "diff",
      title: "src/app.ts",
    };
    expect(mentionTargetsOf(s)).toEqual([
      { id: "coord", label: "Coordinator", kind: "teammate", detail: "coordinator" },
      { id: "researcher", label: "Researcher", kind: "teammate", detail: "research" },
      { id: "writer", label: "Writer", kind: "teammate", detail: "writer" },
      { id: "ghost", label: undefined, kind: "teammate", detail: undefined },
      { id: "ctx-1", label: "sales.csv", kind: "context", detail: "file" },
      { id: "art-1", label: "report.md", kind: "artifact", detail: "document" },
      { id: "art-diff", label: "src/app.ts", kind: "file", detail: "diff" },
      { id: "ev-1", kind: "evidence", detail: "exported" },
    ]);
  });

  it("FALL-01 an empty projection offers nothing; a repeated id is offered once", () => {
    expect(mentionTargetsOf({})).toEqual([]);
    const s = teamRunning();
    s.context.refs.push({ id: "researcher", label: "dup" });
    expect(mentionTargetsOf(s).filter((t) => t.id === "researcher")).toHaveLength(1);
  });

  it("COMP-02 filtering: word-prefix matches on label, id or detail come before substring matches", () => {
    const targets = mentionTargetsOf(teamRunning());
    expect(filterTargets(targets, "w").map((t) => t.id)).toEqual(["writer"]);
    expect(filterTargets(targets, "re").map((t) => t.id)).toEqual(["researcher", "art-1"]);
    expect(filterTargets(targets, "e").map((t) => t.id)).toEqual([
      "ev-1",
      "researcher",
      "writer",
      "ctx-1",
      "art-1",
    ]);
    expect(filterTargets(targets, "port").map((t) => t.id)).toEqual(["art-1", "ev-1"]);
    expect(filterTargets(targets, "csv").map((t) => t.id)).toEqual(["ctx-1"]);
    expect(filterTargets(targets, "", 2).map((t) => t.id)).toEqual(["coord", "researcher"]);
    expect(filterTargets(targets, "zzz")).toEqual([]);
  });
});
