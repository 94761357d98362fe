// Requirement coverage: every normative item of the standard's requirement list (a MUST-level rule, an acceptance
// scenario, an AUI-AR profile case, a governance failure) is cited by at least one test, so coverage is visible.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  citedIn,
  coverage,
  expandIds,
  isNormative,
  parseRequirements,
} from "../scripts/requirements-coverage.mjs";

const root = resolve(__dirname, "..");
const spec = join(process.env.AGENT_UI_SHARED_DIR ?? resolve(root, "../shared"), "spec/requirements.md");

describe("requirement IDs", () => {
  it("expands ranges and slash lists item by item, keeping the width", () => {
    expect(expandIds("AS-ART-01..03")).toEqual(["AS-ART-01", "AS-ART-02", "AS-ART-03"]);
    expect(expandIds("AS-TAB-03/04")).toEqual(["AS-TAB-03", "AS-TAB-04"]);
    expect(expandIds("HITL-01..05")).toHaveLength(5);
    expect(expandIds("AUI-AR-ID-001")).toEqual(["AUI-AR-ID-001"]);
  });

  it("reads the level column in §A and the kind of list elsewhere; §D and §E hold no items", () => {
    const md = [
      "## A. Requirements",
      "| ID | Level | Requirement |",
      "|---|---|---|",
      "| TEXT-01 | MUST | answer text |",
      "| TEXT-02 | SHOULD | other |",
      "## B. Acceptance",
      "| ID | Scenario |",
      "| AS-01 | Send |",
      "| ID prefix | Source | Items |",
      "| AS-TU-01..02 | tool-ui.md | … |",
      "| RT-AS-03 | large result |",
      "| # | Check |",
      "| VC-02 | Status |",
      "## C. Cases",
      "| AUI-AR-ID-001 | spine |",
      "| GF-1 | prose |",
      "## E. Decisions",
      "| E-01 | a decision |",
    ].join("\n");
    expect([...parseRequirements(md)]).toEqual([
      ["TEXT-01", "MUST"],
      ["TEXT-02", "SHOULD"],
      ["AS-01", "acceptance"],
      ["AS-TU-01", "surface acceptance"],
      ["AS-TU-02", "surface acceptance"],
      ["RT-AS-03", "runtime acceptance"],
      ["VC-02", "validation checklist"],
      ["AUI-AR-ID-001", "profile case"],
      ["GF-1", "governance failure"],
    ]);
    expect(
      ["MUST", "MUST NOT", "RT-MUST", "acceptance", "surface acceptance", "runtime acceptance"].every(
        isNormative,
      ),
    ).toBe(true);
    expect(["SHOULD", "RT-SHOULD", "INF", "validation checklist"].some(isNormative)).toBe(false);
  });

  it("counts citations on code lines only, never in comments", () => {
    const text = [
      "// TEXT-09 in a comment",
      " * HITL-07 in a doc comment",
      'it("TEXT-01/02 answer text; AS-TU-01..02 empty output", () => {});',
    ].join("\n");
    expect([...citedIn(text)].sort()).toEqual(["AS-TU-01", "AS-TU-02", "TEXT-01", "TEXT-02"]);
  });

  it.skipIf(!existsSync(spec))(
    "every normative item (MUST-level rules, acceptance scenarios, AUI-AR cases, governance failures) is cited by a test",
    () => {
      const rows = coverage(root, readFileSync(spec, "utf8"));
      expect(rows.length).toBeGreaterThan(300);
      const uncited = rows.filter((r) => isNormative(r.level) && r.files.length === 0).map((r) => r.id);
      expect(uncited).toEqual([]);
      // Every MUST of any spelling counts: "MUST (validation)", "RT-must not", "may / must".
      const must = rows.filter((r) => /must/i.test(r.level) && r.files.length === 0).map((r) => r.id);
      expect(must).toEqual([]);
    },
  );
});
