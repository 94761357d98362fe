// Bounded memory whatever the CLI sends: the message uuids the Claude Agent SDK adapter remembers (so a
// redelivered message adds nothing) have a cap. Past it the oldest are forgotten, and one
// `source_limit_exceeded` warning names the table and its cap.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";
import { MAX_SEEN_UUIDS } from "../src/claude-agent-sdk/state";

// An unknown subtype: one diagnostic per translation, none for a redelivery.
const record = (k: number) => ({ type: "system", subtype: "brand_new", session_id: "s", uuid: `u${k}` });
const limits = (events: AgentUiEvent[]) =>
  events
    .filter((e) => (e.payload as { code?: string } | undefined)?.code === "source_limit_exceeded")
    .map((e) => (e.payload as { summary?: unknown }).summary);

describe("Claude Agent SDK message uuids", () => {
  it(`ORD-02 ENV-09 past ${MAX_SEEN_UUIDS} uuids one warning; only a forgotten one is translated again`, () => {
    const adapter = claudeAgentSdkAdapter.create();
    const n = MAX_SEEN_UUIDS + 10;
    const events = Array.from({ length: n }, (_, k) => adapter.push(record(k), k)).flat();
    expect(limits(events)).toEqual([{ table: "message uuid", cap: MAX_SEEN_UUIDS }]);
    expect(adapter.push(record(n - MAX_SEEN_UUIDS), n)).toEqual([]);
    expect(adapter.push(record(n - 1), n)).toEqual([]);
    const again = adapter.push(record(0), n);
    expect(again.map((e) => e.payload?.code)).toEqual(["unsupported_source_event"]);
  });

  it(`ORD-02 ENV-09 ${MAX_SEEN_UUIDS} uuids fit: no warning, every redelivery adds nothing`, () => {
    const adapter = claudeAgentSdkAdapter.create();
    const events = Array.from({ length: MAX_SEEN_UUIDS }, (_, k) => adapter.push(record(k), k)).flat();
    expect(limits(events)).toEqual([]);
    expect(adapter.push(record(0), MAX_SEEN_UUIDS)).toEqual([]);
  });
});
