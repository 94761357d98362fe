// A resume the gateway answers with `cursor_ahead` (its log no longer reaches the client's cursor: a
// restored or rewound store): the subscription rehydrates from the snapshot, resumes from the snapshot's
// seq, and says so on its connection state (`log_rewound: …`) instead of retrying the same cursor forever.
import { describe, expect, it } from "vitest";
import { type ConnectionInfo, LogSubscription } from "../src";
import type { EventTransport, TransportHandlers } from "../src/transports/transport";

describe("log rewound", () => {
  it("ORD-04 cursor_ahead → rehydrate from the snapshot, resume from its seq, state names log_rewound", async () => {
    const connects: number[] = [];
    const transport: EventTransport = {
      name: "fake",
      connect(_sessionId: string, after: number, handlers: TransportHandlers) {
        connects.push(after);
        queueMicrotask(() => {
          if (connects.length === 1)
            handlers.onClose("cursor_ahead: the cursor 9 is beyond the log's head 4");
          else handlers.onReady(4);
        });
        return { close() {} };
      },
    };
    const states: ConnectionInfo[] = [];
    const repairs: number[] = [];
    const subscription = new LogSubscription({
      transport,
      sessionId: "s",
      after: 9,
      onEntries: () => {},
      repair: async (gap) => {
        repairs.push(gap.expected);
        return 4;
      },
      onConnection: (info) => states.push(info),
    });
    await subscription.start();
    expect(connects).toEqual([9, 4]);
    expect(repairs).toHaveLength(1);
    expect(subscription.seq).toBe(4);
    expect(states.some((s) => s.state === "stale" && s.reason?.startsWith("log_rewound: cursor_ahead"))).toBe(
      true,
    );
    expect(states.at(-1)?.state).toBe("live");
    subscription.close();
  });
});
