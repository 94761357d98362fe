// Prototype-safe everywhere (ENV-01, SEC-05): type-like fields of every input format set to every
// `Object.prototype` name or `__proto__` never throw, never turn "[object Object]" or function source into
// events, never pollute a prototype, and alone never make auto-detection pick a format.
import { ADAPTERS, adaptRecords, detectFramedFormat } from "@agent-ui/adapters";
import { type FramedRecord, parseRecords } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { projectText } from "../src/commands/project";
import { validateText } from "../src/commands/validate";
import { main } from "../src/main";
import { FORMAT_TEMPLATES, jsonl, leaves, replaceLeaf } from "./format-templates";

const PROTO_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "__proto__", "prototype"];
const TYPE_FIELDS = new Set([
  "type",
  "event",
  "kind",
  "method",
  "$case",
  "role",
  "status",
  "state",
  "name",
  "stream_mode",
  "mode",
  "phase",
  "decision",
  "subtype",
  "object",
]);
const PROTOTYPE_BEFORE = Object.getOwnPropertyNames(Object.prototype).sort();

/** What a prototype leak looks like once it reaches events or state. */
function prototypeLeak(text: string): string | undefined {
  return ["[object Object]", "[native code]", "object Object"].find((needle) => text.includes(needle));
}

function expectSafe(records: unknown[], format: string): void {
  const text = jsonl(records);
  const adapted = adaptRecords(parseRecords(text).records, format);
  // Every event is an envelope: never a character of a string a handler table's inherited method returned.
  for (const event of adapted.events as unknown[]) {
    expect(typeof event, `${format}: event shape`).toBe("object");
    expect(typeof (event as { type?: unknown }).type, `${format}: event type`).toBe("string");
  }
  const deltas = adapted.events
    .map((e) => (e.payload as { delta?: unknown } | undefined)?.delta)
    .filter((d): d is string => typeof d === "string")
    .join("");
  expect(prototypeLeak(deltas), `${format}: deltas`).toBeUndefined();
  expect(prototypeLeak(JSON.stringify(adapted.events)), `${format}: events`).toBeUndefined();
  const projected = projectText(text, format);
  expect(prototypeLeak(JSON.stringify(projected.state)), `${format}: state`).toBeUndefined();
  const report = validateText(text, format);
  expect(prototypeLeak(JSON.stringify(report)), `${format}: validate`).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const typeLikePaths = FORMAT_TEMPLATES.map(({ records }) =>
  records.flatMap((record, index) =>
    leaves(record)
      .filter((path) => TYPE_FIELDS.has(String(path[path.length - 1])))
      .map((path) => ({ index, path })),
  ),
);

describe("SEC-05 prototype names in type-like fields of every format", () => {
  it("every template has type-like fields to attack", () => {
    for (const [i, paths] of typeLikePaths.entries())
      expect(paths.length, FORMAT_TEMPLATES[i].format).toBeGreaterThan(0);
  });

  it("a real stream with any type-like field set to a prototype name is read without throw or leak", () => {
    fc.assert(
      fc.property(
        fc.nat(FORMAT_TEMPLATES.length - 1),
        fc.nat(),
        fc.constantFrom(...PROTO_NAMES),
        (t, at, name) => {
          const { format, records } = FORMAT_TEMPLATES[t];
          const { index, path } = typeLikePaths[t][at % typeLikePaths[t].length];
          expectSafe(
            replaceLeaf(records, index, path, () => name),
            format,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("records made only of prototype-named type fields: no throw, no leak, and detection picks nothing", () => {
    // Every string in these records is a prototype name: nothing else to recognise a format by.
    const shapes = (field: string, name: string): unknown[] => [
      { [field]: name },
      { [field]: name, [field === "type" ? "kind" : "type"]: name },
      { type: name, item: { type: name, id: name } },
      { result: { $case: name, [name]: { id: name } } },
      { type: name, part: { type: name }, parts: [{ type: name, text: name }] },
      { event: name, data: { [field]: name } },
    ];
    fc.assert(
      fc.property(fc.constantFrom(...TYPE_FIELDS), fc.constantFrom(...PROTO_NAMES), (field, name) => {
        const records = shapes(field, name);
        for (const { format } of ADAPTERS) expectSafe(records, format);
        const framed: FramedRecord[] = records.map((value, index) => ({ value, index, meta: {} }));
        expect(detectFramedFormat(framed, 20).format).toBe("unknown");
        const single: FramedRecord[] = [{ value: { [field]: name }, index: 0, meta: {} }];
        expect(detectFramedFormat(single, 20).format).toBe("unknown");
      }),
      { numRuns: 50 },
    );
  });

  it("own __proto__ keys and patches aimed at prototypes change no prototype", () => {
    const hostile = [
      '{"type":"STATE_SNAPSHOT","snapshot":{"__proto__":{"polluted":1},"a":{"__proto__":{"polluted":2}}}}',
      '{"type":"STATE_DELTA","delta":[{"op":"add","path":"/__proto__/polluted","value":3}]}',
      '{"type":"STATE_DELTA","delta":[{"op":"add","path":"/constructor/prototype/polluted","value":4}]}',
      '{"type":"state.snapshot","sequence":1,"eventId":"e1","payload":{"appState":{"__proto__":{"polluted":5}}}}',
      '{"type":"state.delta","sequence":2,"eventId":"e2","payload":{"patch":[{"op":"add","path":"/__proto__/polluted","value":6}]}}',
      '{"__proto__":{"polluted":7},"type":"constructor"}',
    ].join("\n");
    for (const { format } of ADAPTERS) {
      projectText(hostile, format);
      validateText(hostile, format);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_BEFORE);
  });

  it('the CLI exits cleanly on {"type":"constructor"} with any --from (no stack trace)', async () => {
    for (const from of ["auto", ...ADAPTERS.map((a) => a.format)])
      for (const command of ["validate", "project"]) {
        const err: string[] = [];
        const io: CommandIO = {
          stdout: () => {},
          stderr: (text) => err.push(text),
          stdin: () => ['{"type":"constructor"}\n{"type":"toString"}\n'],
        };
        const code = await main([command, "--from", from, "-"], io);
        expect([0, 1, 2], `${command} --from ${from}`).toContain(code);
        expect(err.join("\n"), `${command} --from ${from}`).not.toMatch(/TypeError|\n\s+at /);
      }
  });
});
