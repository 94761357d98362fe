// TOOL-02 / EVID-10: an A2A agent message's data part over the offload limit travels as a ref whose body
// is kept (adaptRecords' `details`), like every other offloaded payload. A2A v0.3 JSON shape.
import { isOffloadedValue } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adaptRecords } from "../src";

describe("A2A data parts over the offload limit", () => {
  it("TOOL-02 a large message data part keeps a working ref in app state", () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ city: `c${i}`, temperature: i % 40 }));
    const message = {
      kind: "message",
      role: "agent",
      messageId: "m-data",
      taskId: "task-1",
      contextId: "ctx-1",
      parts: [{ kind: "data", data: { rows } }],
    };
    const { events, details } = adaptRecords([message], "a2a");
    const delta = events.find((e) => e.type === "state.delta");
    const patch = (delta?.payload ?? { patch: [] }) as { patch: { path: string; value: unknown[] }[] };
    const [kept] = (patch.patch.find((op) => op.path === "/a2aData/m-data")?.value ?? []) as {
      rows: unknown;
    }[];
    // The too-large child is what is offloaded (children first): `rows` is the stub.
    expect(isOffloadedValue(kept?.rows)).toBe(true);
    const ref = (kept.rows as { ref: string }).ref;
    expect(JSON.parse(details.get(ref)?.body ?? "null")).toEqual(rows);
  });
});
