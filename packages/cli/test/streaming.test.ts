// `project` and `validate` read their input as a stream: for real captures cut into random byte chunks
// (JSONL, SSE, JSON arrays, JSON documents) the streamed result equals the whole input framed, adapted,
// projected and validated at once; records are folded and diagnostics printed before the input ends;
// a line past the record limit is a located diagnostic, not a held buffer.
import { readdirSync, readFileSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import { eventsUpTo } from "@agent-ui/conformance";
import { type Diagnostic, MAX_RECORD_CHARS, parseRecords, redact } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { summarize } from "../src/commands/project";
import { formatDiagnosticLine, validationFormats } from "../src/commands/validate";
import { streamRecords } from "../src/input";
import { main } from "../src/main";
import { ProjectFold } from "../src/project-fold";

const SHARED = new URL("../../../../shared/", import.meta.url);
const STREAMS = new URL("peers/streams/", SHARED);
const LIME = new URL("fixtures/agentruntime/fixtures/lime-profile/", SHARED);
const read = (dir: URL, name: string) => ({ name, text: readFileSync(new URL(name, dir), "utf8") });
const peers = readdirSync(STREAMS).map((name) => read(STREAMS, name));
const captures = [
  ...peers,
  ...readdirSync(LIME)
    .filter((name) => /\.jsonl?$/.test(name))
    .map((name) => read(LIME, name)),
  // The same peer streams as JSON arrays, pretty-printed and on one line.
  ...peers
    .filter((c) => c.name.endsWith(".jsonl"))
    .flatMap((c) => {
      const values = parseRecords(c.text).records.map((r) => r.value);
      return [
        { name: `${c.name} as a JSON array`, text: JSON.stringify(values, null, 2) },
        { name: `${c.name} as a one-line JSON array`, text: JSON.stringify(values) },
      ];
    }),
];

/** The whole input at once: frame, adapt, redact, time travel, project — the one-shot pipeline. */
function projectWhole(text: string, at?: number) {
  const framed = parseRecords(text);
  const adapted = adaptRecords(framed.records, "auto");
  const redacted = adapted.events.map((event) => redact(event).value);
  const projector = createProjector();
  projector.applyAll(at === undefined ? redacted : eventsUpTo(redacted, at));
  const state = projector.getState();
  const upstream: Diagnostic[] = redact([
    ...framed.diagnostics,
    ...adapted.diagnostics.filter((d) => d.eventRef?.eventId === undefined),
  ]).value;
  return {
    state: upstream.length === 0 ? state : { ...state, diagnostics: [...upstream, ...state.diagnostics] },
    format: adapted.detected?.format ?? "auto",
    detected: adapted.detected,
  };
}

/** The whole input validated at once as `format`: framing problems, then each record's, then the end's. */
function validateWhole(text: string, format: string): string[] {
  const framed = parseRecords(text);
  const validator = validationFormats()
    .find((f) => f.name === format)!
    .create();
  const diagnostics: Diagnostic[] = [...framed.diagnostics];
  for (const record of framed.records) diagnostics.push(...validator.push(record));
  diagnostics.push(...validator.finish());
  return redact(diagnostics).value.map(formatDiagnosticLine);
}

/** `text` as UTF-8 bytes cut at the given fractions (a character may be split between chunks). */
function byteChunks(text: string, at: readonly number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(at.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}

function io(stdin: () => AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>) {
  const out: string[] = [];
  const err: string[] = [];
  const cio: CommandIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin };
  return { io: cio, out, err };
}

async function* slowly(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) {
    await Promise.resolve();
    yield chunk;
  }
}

const splits = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 });

describe("agent-ui project streams its input", () => {
  it.each(captures.map((c) => [c.name, c.text]))(
    "%s: any chunk split projects as the whole input does (snapshot and --summary)",
    async (_name, text) => {
      const whole = projectWhole(text);
      const expected = JSON.stringify(whole.state, null, 2);
      await fc.assert(
        fc.asyncProperty(splits, fc.constantFrom(undefined, 3), async (at, travel) => {
          const fold = new ProjectFold("auto", { at: travel });
          await streamRecords("-", io(() => slowly(byteChunks(text, at))).io, fold);
          fold.decide();
          if (fold.detected?.format === "unknown") {
            expect(whole.detected?.format).toBe("unknown");
            return;
          }
          const streamed = fold.finish();
          if (travel === undefined) {
            expect(JSON.stringify(streamed.state, null, 2)).toBe(expected);
            expect(summarize(streamed)).toBe(summarize({ ...whole, details: new Map() }));
          } else {
            expect(streamed.state).toEqual(projectWhole(text, travel).state);
          }
        }),
        { numRuns: 8 },
      );
    },
  );

  it("folds the records of a stdin that has not ended", async () => {
    const line = (i: number) =>
      `${JSON.stringify({ type: "text.delta", eventId: `e${i}`, sequence: i, sessionId: "s", runId: "r", turnId: "t", messageId: "m", payload: { delta: `w${i} ` } })}\n`;
    let reached!: () => void;
    const allRead = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* stdin() {
      for (let i = 1; i <= 5; i++) yield new TextEncoder().encode(line(i));
      reached();
      await never;
    }
    const fold = new ProjectFold("agent-ui");
    const done = streamRecords("-", io(stdin).io, fold);
    await allRead;
    const text = Object.values(fold.peek().messages)
      .flatMap((m) => m.parts)
      .map((p) => ("text" in p ? p.text : ""))
      .join("");
    expect(text).toBe("w1 w2 w3 w4 w5 ");
    release();
    await done;
  });
});

describe("agent-ui project stops reading what it cannot project", () => {
  it("exits 2 on a stdin that has not ended once detection knows no adapter claims it, releasing stdin", async () => {
    let released = false;
    const never = new Promise<void>(() => {});
    const stdin = (): AsyncIterable<string> => ({
      [Symbol.asyncIterator]: () => {
        let sent = 0;
        return {
          next: async () => {
            if (sent < 6) return { done: false, value: `${JSON.stringify({ hello: "world", n: sent++ })}\n` };
            await never;
            return { done: true, value: undefined };
          },
          return: async () => {
            released = true;
            return { done: true, value: undefined };
          },
        };
      },
    });
    const run = io(stdin);
    expect(await main(["project", "-"], run.io)).toBe(2);
    expect(run.err.join("\n")).toMatch(/could not detect the input format of -/);
    expect(released).toBe(true);
  });
});

describe("agent-ui validate streams its input", () => {
  it.each(captures.map((c) => [c.name, c.text]))(
    "%s: any chunk split prints what the whole input validated at once prints",
    async (_name, text) => {
      const first = io(() => [text]);
      const code = await main(["validate", "--json", "-"], first.io);
      if (code === 2) return; // detection unsure: nothing validated either way
      const format = JSON.parse(first.out.join("")).format as string;
      const expected = validateWhole(text, format);
      await fc.assert(
        fc.asyncProperty(splits, async (at) => {
          const run = io(() => slowly(byteChunks(text, at)));
          await main(["validate", "--from", format, "-"], run.io);
          const lines = run.out.join("\n").split("\n");
          expect(lines.slice(0, -1).sort()).toEqual([...expected].sort());
          expect(lines.at(-1)).toMatch(/^\d+ records, \d+ errors, \d+ warnings$/);
        }),
        { numRuns: 5 },
      );
    },
  );

  it("prints the diagnostics of records read from a stdin that has not ended", async () => {
    let reached!: () => void;
    const allRead = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* stdin() {
      yield '{"type":"run.started","eventId":"a","sequence":1,"sessionId":"s","runId":"r","turnId":"t"}\n';
      yield "not json\n";
      yield '"a bare string"\n';
      reached();
      await never;
    }
    const run = io(stdin);
    const done = main(["validate", "--from", "agent-ui", "-"], run.io);
    await allRead;
    await new Promise((resolve) => setImmediate(resolve));
    const printed = run.out.join("\n");
    expect(printed).toMatch(/^line 2\tunparseable_input\terror: /m);
    expect(printed).toMatch(/^#1\tschema_mismatch\terror: /m);
    release();
    expect(await done).toBe(1);
  });

  it("a line longer than the record limit is an unparseable_input error naming its line, not a crash", async () => {
    const long = `{"type":"text.delta","payload":{"delta":"${"x".repeat(MAX_RECORD_CHARS)}"}}\n`;
    const good =
      '{"type":"run.started","eventId":"a","sequence":1,"sessionId":"s","runId":"r","turnId":"t"}\n';
    const text = good + long + good.replace('"a"', '"b"').replace(":1,", ":2,");
    const chunks = function* () {
      for (let i = 0; i < text.length; i += 1 << 20) yield text.slice(i, i + (1 << 20));
    };
    const run = io(chunks);
    const code = await main(["validate", "--from", "agent-ui", "-"], run.io);
    const printed = run.out.join("\n");
    expect(code).toBe(1);
    expect(printed).toMatch(
      new RegExp(
        `^line 2\\tunparseable_input\\terror: line 2: a line longer than the limit of ${MAX_RECORD_CHARS} characters`,
        "m",
      ),
    );
    expect(printed).toMatch(/^2 records, 1 errors, 0 warnings$/m);
    expect(printed).not.toContain("xxxx");
  });
});
