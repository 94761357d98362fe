import type { SourceRef } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const parts = (state: ReturnType<typeof projectEvents>) =>
  state.messages.map((m) => [m.id, m.parts.map((p) => [p.id, p.kind])]);
const texts = (state: ReturnType<typeof projectEvents>) =>
  state.messages.flatMap((m) => m.parts.map((p) => [p.id, p.kind, p.text]));
const SOURCE: SourceRef = { id: "src1", sourceType: "url", url: "https://example.com/a", title: "Source A" };

describe("evidence_ref parts after a resume (EVID-03, ARCH-04)", () => {
  it("EVID-03 / ARCH-04 evidence resumed from a stored projection keeps its one citation when updated in a later turn", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("text.delta", { payload: { delta: "The answer." } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
    ];
    const later = [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Exported." } }),
      e("evidence.changed", {
        turnId: "t2",
        messageId: "m2",
        evidenceId: "ev1",
        payload: { status: "exported" },
      }),
    ];
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: projectEvents(events) });
    resumed.applyAll(later);
    const expected = [
      [
        "m1",
        [
          ["m1:text:0", "assistant_text"],
          ["evidence:ev1", "evidence_ref"],
        ],
      ],
      ["m2", [["m2:text:0", "assistant_text"]]],
    ];
    expect(parts(projectEvents([...events, ...later]))).toEqual(expected);
    expect(parts(resumed.getState())).toEqual(expected);
    expect(resumed.getState().evidence.ev1.status).toBe("exported");
  });
});

describe("a stored citation whose evidence record lists no source (EVID-03, ARCH-04)", () => {
  it.each([
    ["without a citations field", {}],
    ["with an empty citations list", { citations: [] }],
  ])(
    "EVID-03 / ARCH-04 a record %s, updated without sources, leaves the part's sources as stored",
    (_, fields) => {
      const e = stream({ turnId: "t1", messageId: "m1" });
      const stored = projectEvents([
        e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
      ]);
      const cites = (part: (typeof stored.messages)[number]["parts"][number]) => ({
        ...part,
        citations: [SOURCE],
      });
      const resumed = createProjector();
      resumed.hydrate({
        kind: "projection",
        state: {
          ...stored,
          evidence: { ev1: { ...stored.evidence.ev1, ...fields } },
          messages: stored.messages.map((m) => ({ ...m, parts: m.parts.map(cites) })),
        },
      });
      resumed.apply(
        e("evidence.changed", {
          turnId: "t2",
          messageId: "m2",
          evidenceId: "ev1",
          payload: { status: "exported" },
        }),
      );
      const state = resumed.getState();
      expect(state.diagnostics).toEqual([]);
      expect(state.evidence.ev1.status).toBe("exported");
      expect(state.messages.map((m) => m.parts.map((p) => [p.id, p.citations]))).toEqual([
        [["evidence:ev1", [SOURCE]]],
      ]);
    },
  );
});

describe("text streamed after a citation (EVID-04, PROC-01)", () => {
  it("EVID-04 / PROC-01 a citation after a text part that holds no text yet is followed by a new text part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const resumed = createProjector();
    const empty = { id: "m1:text:0", kind: "assistant_text", status: "streaming" };
    resumed.hydrate({
      kind: "projection",
      state: {
        ...createProjector().getState(),
        messages: [{ id: "m1", role: "assistant", turnId: "t1", parts: [empty] }] as never,
      },
    });
    resumed.apply(e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }));
    resumed.apply(e("text.delta", { payload: { delta: "Hello" } }));
    expect(texts(resumed.getState())).toEqual([
      ["m1:text:0", "assistant_text", undefined],
      ["evidence:ev1", "evidence_ref", undefined],
      ["m1:text:2", "assistant_text", "Hello"],
    ]);
  });

  it("EVID-04 / PROC-01 a citation after a finished answer is not looked past when that answer streams again", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "p1", payload: { delta: "Hel" } }),
      e("text.final", { partId: "p1", payload: { text: "Hel" } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
      e("text.delta", { partId: "p1", payload: { delta: "lo" } }),
      e("text.delta", { payload: { delta: " there" } }),
    ]);
    expect(texts(state)).toEqual([
      ["p1", "assistant_text", "Hello"],
      ["evidence:ev1", "evidence_ref", undefined],
      ["m1:text:2", "assistant_text", " there"],
    ]);
  });
});
