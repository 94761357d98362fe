// One stream, one verdict (ORD-06): `agent-ui validate` and `agent-ui project` read every stream with the
// same rules and severities, so a stream one of them calls wrong the other does too. Iterated over every
// capture in the peers' streams and every live producer's stream — whole, its first (interrupted) run
// alone and its continuation alone. A stream the producing SDK itself accepted (every live production;
// every peers' capture of an SDK stream) has no error: a continuation read alone is a partial stream,
// not a violation.
import { readFileSync, readdirSync } from "node:fs";
import { AbstractAgent } from "@ag-ui/client";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { Observable } from "rxjs";
import { join } from "node:path";
import type { Diagnostic } from "@agent-ui/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { projectText } from "../packages/cli/src/commands/project";
import { validateText } from "../packages/cli/src/commands/validate";
import type { LiveProduction } from "../packages/conformance/test/live/producer";
import { SHARED_SCENARIO_PRODUCERS } from "../packages/conformance/test/live/producers";
import { ROOT } from "./support/packages";

const PEERS = join(ROOT, "..", "shared", "peers", "streams");

interface Verdict {
  validateErrors: string[];
  projectErrors: string[];
  format: string;
}

const codes = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message.slice(0, 120)}`);

function verdicts(text: string): Verdict {
  const validated = validateText(text, "auto");
  const projected = projectText(text, "auto");
  return {
    validateErrors: codes(validated.diagnostics),
    projectErrors: codes(projected.state.diagnostics),
    format: validated.format,
  };
}

/** Captures that are not an SDK's stream: request bodies, reducer snapshots, probe notes, a verifier's
 * rejections. They must still get one verdict, but it may be an error. */
const NOT_A_STREAM =
  /request-body|request-input|\.final\.json|final-message|uimessage-snapshots|verify-rejections|probes\.|canUseTool-calls/;

describe("ORD-06 validate and project give every peers' capture one verdict", () => {
  const files = readdirSync(PEERS).filter((f) => /\.(jsonl|json|txt)$/.test(f));
  it("finds the captures", () => expect(files.length).toBeGreaterThan(20));
  for (const file of files)
    it(file, () => {
      const v = verdicts(readFileSync(join(PEERS, file), "utf8"));
      expect(v.validateErrors.length > 0, JSON.stringify(v, null, 1)).toBe(v.projectErrors.length > 0);
      if (!NOT_A_STREAM.test(file)) expect(v.validateErrors, v.format).toEqual([]);
    });
});

describe("ORD-06 validate and project agree on every live producer's stream, whole and in parts", () => {
  const productions = new Map<string, LiveProduction>();
  beforeAll(async () => {
    for (const [name, produce] of Object.entries(SHARED_SCENARIO_PRODUCERS))
      productions.set(name, await produce());
  }, 120_000);

  for (const name of Object.keys(SHARED_SCENARIO_PRODUCERS))
    it(`${name}: the whole stream, its first run and its continuation read alone have no error`, () => {
      const production = productions.get(name) as LiveProduction;
      const { records, interruptedRunLength: cut } = production;
      const parts: [string, unknown[]][] = [["whole", records]];
      if (cut !== undefined && cut > 0 && cut < records.length)
        parts.push(["first run", records.slice(0, cut)], ["continuation", records.slice(cut)]);
      for (const [part, slice] of parts) {
        const text = slice.map((r) => JSON.stringify(r)).join("\n");
        const v = verdicts(text);
        expect({ part, ...v }).toEqual({ part, format: v.format, validateErrors: [], projectErrors: [] });
      }
    });
});

/** A run that fails (RUN_ERROR) while a tool call it started has no result: AG-UI's verifier accepts it. */
class FailingRunAgent extends AbstractAgent {
  run(input: RunAgentInput): ReturnType<AbstractAgent["run"]> {
    const { threadId, runId } = input;
    const events = [
      { type: EventType.RUN_STARTED, threadId, runId },
      {
        type: EventType.TOOL_CALL_START,
        toolCallId: "tc-fetch",
        toolCallName: "fetch",
        parentMessageId: "m-1",
      },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-fetch", delta: '{"url":"https://x.example"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: "tc-fetch" },
      { type: EventType.RUN_ERROR, message: "upstream timed out", code: "timeout" },
    ] as BaseEvent[];
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    }) as unknown as ReturnType<AbstractAgent["run"]>;
  }
}

describe("ORD-06 a run the AG-UI verifier accepts that fails with a tool open", () => {
  it("validate and project both report no error", async () => {
    const records: unknown[] = [];
    const agent = new FailingRunAgent({ threadId: "t-fail" });
    await agent
      .runAgent({ runId: "run-fail" }, { onEvent: ({ event }) => void records.push(structuredClone(event)) })
      .catch(() => undefined);
    expect(records.map((r) => (r as { type: string }).type)).toContain("RUN_ERROR");
    const v = verdicts(records.map((r) => JSON.stringify(r)).join("\n"));
    expect(v).toEqual({ format: "ag-ui", validateErrors: [], projectErrors: [] });
  });
});
