import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { agentUiAdapter } from "../src/agent-ui";

const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = agentUiAdapter.create();
  return records.flatMap((r, i) => adapter.push(r, i));
};

describe("agent-ui passthrough", () => {
  it("ENV-01 a valid envelope passes through unchanged (same object, no re-stamping)", () => {
    const event = {
      type: "text.delta",
      eventId: "e1",
      sequence: 1,
      sessionId: "s",
      messageId: "m1",
      owner: "model",
      payload: { delta: "Hi" },
    };
    const [out, ...rest] = adapt([event]);
    expect(out).toBe(event);
    expect(rest).toEqual([]);
  });

  it("ENV-01 an invalid record becomes an error diagnostic and is not passed on", () => {
    const events = adapt([{ type: "text.delta", eventId: "bad", owner: "nobody", sequence: -3 }, 7]);
    expect(events.map((e) => e.type)).toEqual(["diagnostic.changed", "diagnostic.changed"]);
    for (const e of events) expect(e.payload).toMatchObject({ severity: "error" });
    expect(events[0].sequence).toBeUndefined(); // a report takes no stream position of its own
  });

  it("SEC-01 a secret-bearing event passes redacted with a warning", () => {
    const events = adapt([
      {
        type: "tool.started",
        eventId: "t1",
        toolCallId: "c1",
        payload: {
          name: "http",
          input: { headers: { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123" } },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("abcdefghijklmnopqrstuvwxyz0123");
    expect(events[0]).toMatchObject({ type: "tool.started", toolCallId: "c1" });
    expect(events.some((e) => e.type === "diagnostic.changed")).toBe(true);
  });

  it("detects its own envelopes and not runtime profile events", () => {
    expect(agentUiAdapter.detect({ type: "run.started", source: { format: "lime" } })).toBe(1);
    expect(agentUiAdapter.detect({ type: "run.status", owner: "runtime" })).toBe(0.9);
    expect(agentUiAdapter.detect({ type: "tool.started", schemaVersion: "lime-profile-0.4.0" })).toBe(0);
    expect(agentUiAdapter.detect({ type: "TEXT_MESSAGE_START" })).toBe(0);
  });
});
