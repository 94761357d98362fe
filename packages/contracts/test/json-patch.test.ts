// RFC 6902 JSON Patch: the one applier shared by the projection (state.delta) and the adapters.
import { describe, expect, it } from "vitest";
import { applyJsonPatch, applyPatch, PatchError } from "../src";

describe("JSON Patch", () => {
  it("applies every op copy-on-write: the input is untouched and untouched subtrees are shared", () => {
    const doc = { steps: [{ title: "a", status: "todo" }], meta: { owner: "x" } };
    const next = applyPatch(doc, [
      { op: "replace", path: "/steps/0/status", value: "done" },
      { op: "add", path: "/steps/-", value: { title: "b" } },
      { op: "copy", from: "/meta/owner", path: "/owner" },
      { op: "move", from: "/owner", path: "/by" },
      { op: "test", path: "/by", value: "x" },
      { op: "remove", path: "/meta" },
    ]);
    expect(next).toEqual({ steps: [{ title: "a", status: "done" }, { title: "b" }], by: "x" });
    expect(doc).toEqual({ steps: [{ title: "a", status: "todo" }], meta: { owner: "x" } });
  });

  it("throws a PatchError for an op that cannot apply", () => {
    expect(() => applyPatch({}, [{ op: "replace", path: "/missing/x", value: 1 }])).toThrow(PatchError);
    expect(() => applyPatch([], [{ op: "add", path: "/5", value: 1 }])).toThrow(/out of range/);
    expect(() => applyPatch({}, [{ op: "add", path: "a", value: 1 }])).toThrow(/invalid JSON pointer/);
  });

  it("applyJsonPatch returns the error naming the failing operation and never throws on hostile ops", () => {
    const doc = { a: 1 };
    expect(
      applyJsonPatch(doc, [
        { op: "add", path: "/b", value: 2 },
        { op: "remove", path: "/zz" },
      ]),
    ).toEqual({
      ok: false,
      error: 'operation 1: path not found at "zz"',
    });
    expect(applyJsonPatch(doc, [null])).toEqual({
      ok: false,
      error: "operation 0: operation is not an object",
    });
    expect(applyJsonPatch(doc, [{ op: "nope", path: "" }])).toMatchObject({ ok: false });
    expect(applyJsonPatch(doc, [{ op: "add", path: "/b", value: 2 }])).toEqual({
      ok: true,
      value: { a: 1, b: 2 },
    });
    expect(doc).toEqual({ a: 1 });
  });
});
