// What counts as a value in a fact or a stored projection (ART-01, ARCH-04): an empty string is no title and
// no id, only non-empty strings are ids in a list of ids, a stored `null` stays `null`, and a field holding
// `undefined` is no field of the state.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

/** Paths of every key in `value` that holds `undefined`. */
function undefinedKeys(value: unknown, path = "$"): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.keys(value).flatMap((key) => {
    const child = (value as Record<string, unknown>)[key];
    return child === undefined ? [`${path}.${key}`] : undefinedKeys(child, `${path}.${key}`);
  });
}

describe("empty strings and items that are no ids (ART-01)", () => {
  it("ART-01 an artifact titled with an empty string has no title: its card and timeline row read Artifact", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("artifact.created", { artifactId: "a1", payload: { title: "" } })]);
    expect(state.artifacts.a1.title).toBeUndefined();
    expect(state.timeline.find((row) => row.id === "artifact:a1")?.title).toBe("Artifact");
    expect(state.messages[0].parts.map((part) => part.title)).toEqual(["Artifact"]);
  });

  it("ART-01 a list of source refs keeps only its non-empty strings", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("artifact.created", { artifactId: "a1", sourceRefs: ["", null, 7, ["x"], "c1"] as never }),
    ]);
    expect(state.artifacts.a1.sourceRefs).toEqual(["c1"]);
    expect(state.diagnostics).toEqual([]);
  });
});

describe("a stored projection's values read back as stored (ARCH-04)", () => {
  it("ARCH-04 a null entry of a stored list stays null", () => {
    const stored = createProjector().getState();
    const p = createProjector();
    p.hydrate({
      kind: "projection",
      state: { ...stored, context: { ...stored.context, refs: [null] as never } },
    });
    expect(p.getState().context.refs).toEqual([null]);
  });

  it("ARCH-04 a field holding undefined in a stored row or slice is no field of the state", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const stored = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "shell" } }),
      e("artifact.created", { artifactId: "a1", payload: { title: "Doc" } }),
    ]);
    const state = {
      ...stored,
      tools: { c1: { ...stored.tools.c1, note: undefined } },
      artifacts: { a1: { ...stored.artifacts.a1, preview: undefined } },
      team: { ...stored.team, lead: undefined },
      context: { ...stored.context, note: undefined },
    } as unknown as ProjectionState;
    const p = createProjector();
    p.hydrate({ kind: "projection", state });
    expect(undefinedKeys(p.getState())).toEqual([]);
    expect(p.getState().tools.c1.name).toBe("shell");
  });
});
