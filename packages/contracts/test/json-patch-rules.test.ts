import { describe, expect, it } from "vitest";
import { PatchError, applyJsonPatch, applyPatch } from "../src/index";

describe("JSON Patch (RFC 6902) for state.delta: exact results and errors", () => {
  it("FALL-02 a __proto__ key is added, replaced and tested as an own key, never as the prototype", () => {
    const added = applyPatch({}, [{ op: "add", path: "/__proto__", value: { isAdmin: true } }]) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(added)).toBe(Object.prototype);
    expect(added.isAdmin).toBeUndefined();
    expect(JSON.stringify(added)).toBe('{"__proto__":{"isAdmin":true}}');
    const doc = JSON.parse('{"__proto__":{"x":1}}');
    const replaced = applyPatch(doc, [
      { op: "replace", path: "/__proto__/x", value: 2 },
      { op: "test", path: "/__proto__", value: { x: 2 } },
    ]) as Record<string, unknown>;
    expect(JSON.stringify(replaced)).toBe('{"__proto__":{"x":2}}');
    expect(Object.getPrototypeOf(replaced)).toBe(Object.prototype);
    expect(JSON.stringify(doc)).toBe('{"__proto__":{"x":1}}');
  });
});

describe("JSON Patch: each op's result and each refusal, exactly", () => {
  const doc = () => ({ a: 1, list: [1, 2], o: { "x/y": 1, "m~n": 2 } });
  const ok = (value: unknown) => ({ ok: true, value });
  const refused = (error: string) => ({ ok: false, error: `operation 0: ${error}` });

  it.each([
    ["add at the end index", [{ op: "add", path: "/list/2", value: 3 }], ok({ ...doc(), list: [1, 2, 3] })],
    ["add with -", [{ op: "add", path: "/list/-", value: 3 }], ok({ ...doc(), list: [1, 2, 3] })],
    ["add inserts", [{ op: "add", path: "/list/0", value: 0 }], ok({ ...doc(), list: [0, 1, 2] })],
    ["replace in an array", [{ op: "replace", path: "/list/1", value: 9 }], ok({ ...doc(), list: [1, 9] })],
    ["remove in an array", [{ op: "remove", path: "/list/0" }], ok({ ...doc(), list: [2] })],
    ["escaped tokens", [{ op: "remove", path: "/o/x~1y" }], ok({ ...doc(), o: { "m~n": 2 } })],
    [
      "~01 is ~1",
      [{ op: "add", path: "/o/~01", value: 3 }],
      ok({ ...doc(), o: { "x/y": 1, "m~n": 2, "~1": 3 } }),
    ],
    ["replace the root", [{ op: "replace", path: "", value: [7] }], ok([7])],
    ["add the root", [{ op: "add", path: "", value: 3 }], ok(3)],
    [
      "move within an array",
      [{ op: "move", from: "/list/0", path: "/list/-" }],
      ok({ ...doc(), list: [2, 1] }),
    ],
    ["copy", [{ op: "copy", from: "/o/m~0n", path: "/b" }], ok({ ...doc(), b: 2 })],
    [
      "tests that pass",
      [
        { op: "test", path: "/list", value: [1, 2] },
        { op: "test", path: "/o", value: { "m~n": 2, "x/y": 1 } },
        { op: "test", path: "/o/x~1y", value: 1 },
      ],
      ok(doc()),
    ],
    ["leading zero index", [{ op: "add", path: "/list/01", value: 0 }], refused('invalid array index "01"')],
    ["negative index", [{ op: "add", path: "/list/-1", value: 0 }], refused('invalid array index "-1"')],
    ["index past the end", [{ op: "add", path: "/list/3", value: 3 }], refused("index 3 out of range")],
    ["remove at the length", [{ op: "remove", path: "/list/2" }], refused("index 2 out of range")],
    ["remove with -", [{ op: "remove", path: "/list/-" }], refused('invalid array index "-"')],
    ["remove the root", [{ op: "remove", path: "" }], refused("cannot edit the document root in place")],
    ["a path that is no string", [{ op: "add", path: 5 }], refused("path is not a string")],
    ["a pointer without /", [{ op: "add", path: "a", value: 1 }], refused('invalid JSON pointer "a"')],
    ["into a number", [{ op: "add", path: "/a/b", value: 1 }], refused('path not found at "a"')],
    [
      "into an array element that is no container",
      [{ op: "add", path: "/list/0/x", value: 1 }],
      refused('path not found at "0"'),
    ],
    ["replace a missing key", [{ op: "replace", path: "/zz", value: 1 }], refused('path not found at "zz"')],
    ["test a missing key", [{ op: "test", path: "/o/zz", value: 1 }], refused('path not found at "zz"')],
    ["test below a number", [{ op: "test", path: "/a/0", value: 1 }], refused('path not found at "0"')],
    [
      "test an array against an object",
      [{ op: "test", path: "/list", value: { 0: 1, 1: 2 } }],
      refused('test failed at "/list"'),
    ],
    [
      "test with a key missing",
      [{ op: "test", path: "/o", value: { "x/y": 1 } }],
      refused('test failed at "/o"'),
    ],
    [
      "test with a value differing",
      [{ op: "test", path: "/o", value: { "x/y": 1, "m~n": 3 } }],
      refused('test failed at "/o"'),
    ],
    [
      "test a number against a string",
      [{ op: "test", path: "/a", value: "1" }],
      refused('test failed at "/a"'),
    ],
    ["test a number against null", [{ op: "test", path: "/a", value: null }], refused('test failed at "/a"')],
    ["an unknown op", [{ op: 7, path: "" }], refused('unknown op "7"')],
    ["an op that is no object", ["add"], refused("operation is not an object")],
    ["move without from", [{ op: "move", path: "/b" }], refused("from is not a string")],
    ["copy without from", [{ op: "copy", path: "/b" }], refused("from is not a string")],
  ])("FALL-02 %s", (_name, ops, expected) => {
    const input = doc();
    expect(applyJsonPatch(input, ops)).toEqual(expected);
    expect(input).toEqual(doc());
  });

  it("FALL-02 a document that is no container cannot be edited below its root; null tests equal to null", () => {
    expect(applyJsonPatch(5, [{ op: "add", path: "/a", value: 1 }])).toEqual(
      refused("document is not a container"),
    );
    expect(applyJsonPatch(null, [{ op: "test", path: "", value: null }])).toEqual(ok(null));
  });

  it("FALL-02 applyPatch is atomic: a later failing op leaves the input untouched and throws PatchError", () => {
    const input = doc();
    expect(() =>
      applyPatch(input, [
        { op: "add", path: "/b", value: 1 },
        { op: "remove", path: "/nope" },
      ]),
    ).toThrow(new PatchError('path not found at "nope"'));
    expect(input).toEqual(doc());
    expect(
      applyJsonPatch(input, [
        { op: "add", path: "/b", value: 1 },
        { op: "remove", path: "/nope" },
      ]),
    ).toEqual({
      ok: false,
      error: 'operation 1: path not found at "nope"',
    });
  });

  it("FALL-02 a failure that is not a patch error is not swallowed", () => {
    const hostile = {
      op: "add",
      get path(): string {
        throw new TypeError("boom");
      },
    };
    expect(() => applyJsonPatch({}, [hostile])).toThrow(TypeError);
  });

  it("FALL-02 untouched subtrees are shared, the patched path is copied", () => {
    const input = { keep: { deep: [1] }, edit: { inner: { v: 1 } } };
    const next = applyPatch(input, [{ op: "replace", path: "/edit/inner/v", value: 2 }]) as typeof input;
    expect(next.keep).toBe(input.keep);
    expect(next.edit).not.toBe(input.edit);
    expect(next.edit.inner).not.toBe(input.edit.inner);
    expect(input.edit.inner.v).toBe(1);
  });

  it("FALL-02 an array index must be a plain number inside the array, whichever op reads it", () => {
    const input = { a: [{}], o: {} };
    expect(applyJsonPatch(input, [{ op: "test", path: "/a/1x", value: 1 }])).toEqual(
      refused('invalid array index "1x"'),
    );
    expect(applyJsonPatch(input, [{ op: "test", path: "/a/1", value: 1 }])).toEqual(
      refused("index 1 out of range"),
    );
    expect(applyJsonPatch(input, [{ op: "add", path: "/a/1/x", value: 1 }])).toEqual(
      refused("index 1 out of range"),
    );
    expect(applyJsonPatch(input, [{ op: "add", path: "/a/0/x", value: 1 }])).toEqual(
      ok({ a: [{ x: 1 }], o: {} }),
    );
  });

  it("FALL-02 test compares whole values: an empty object equals neither a scalar nor a bigger object", () => {
    const input = { o: {} };
    for (const value of [5, "x", null, { x: 1 }, []])
      expect(applyJsonPatch(input, [{ op: "test", path: "/o", value }])).toEqual(
        refused('test failed at "/o"'),
      );
    expect(applyJsonPatch(input, [{ op: "test", path: "/o", value: {} }])).toEqual(ok(input));
  });
});
