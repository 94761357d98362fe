import { describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";
import { MAX_SEEN_UUIDS } from "../src/claude-agent-sdk/state";
import { limits } from "./bounds-support";

// An unknown subtype: one diagnostic per translation, none for a redelivery.
const record = (k: number) => ({ type: "system", subtype: "brand_new", session_id: "s", uuid: `u${k}` });

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
