// The AG-UI adapter reads each record in place (no per-record copy): it must never edit what it is
// given. Every AG-UI capture, deep-frozen, adapts to the same events as an unfrozen copy, including the
// 0.0.x THINKING_* events whose message id the adapter derives.
import { readFileSync, readdirSync } from "node:fs";
import { parseRecords } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src";

const PEERS = new URL("../../../../shared/peers/streams/", import.meta.url);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function adapt(records: unknown[]) {
  const adapter = aguiAdapter.create({ sessionId: "s" });
  return [...records.flatMap((record, i) => adapter.push(record, i)), ...adapter.finish()];
}

const THINKING = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "THINKING_TEXT_MESSAGE_START" },
  { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "Let me think." },
  { type: "THINKING_TEXT_MESSAGE_END" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];

describe("AG-UI adapter input", () => {
  const files = readdirSync(PEERS).filter((f) => f.startsWith("agui.") && f.endsWith(".jsonl"));
  const streams: [string, unknown[]][] = [
    ...files.map((f): [string, unknown[]] => [
      f,
      parseRecords(readFileSync(new URL(f, PEERS), "utf8")).records.map((r) => r.value),
    ]),
    ["0.0.x thinking", THINKING],
  ];
  it.each(streams)("ENV-01 %s: frozen records adapt to the same events, untouched", (_name, records) => {
    const expected = adapt(structuredClone(records));
    const frozen = deepFreeze(structuredClone(records));
    expect(adapt(frozen)).toEqual(expected);
    expect(frozen).toEqual(records);
  });
});
