// A projection whose follow-up read fails (the store lost its connection, or closed under it) is dropped,
// never left holding a rejected read nobody hears (which would end the process) nor missing events.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { startServer } from "../src";
import type { SessionStore } from "../src/store/session-store";
import { onEveryStore, type OpenStore } from "./store-suites";

const deltas = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    type: "text.delta",
    messageId: "m1",
    payload: { delta: `${from + i} ` },
  })) as AgentUiEvent[];

/** `store`, whose reads from `seq` on fail while `failing` says so, but for the first `spared` of them. */
function flaky(store: SessionStore, seq: number) {
  const state = { failing: false, spared: 0, failed: 0 };
  const wrapped: SessionStore = Object.create(store);
  wrapped.readEvents = async (sessionId, options = {}) => {
    const entries = await store.readEvents(sessionId, options);
    if (state.failing && (options.after ?? 0) >= seq && state.spared-- <= 0) {
      state.failed++;
      throw new Error("connection terminated");
    }
    return entries;
  };
  return { store: wrapped, state };
}

function suite(name: string, open: OpenStore) {
  describe(`a projection's follow-up read that fails (${name})`, () => {
    it("ARCH-04 HYD-09 drops the projection, with no unheard rejection; the next request loads it whole", async () => {
      const { store, cleanup } = await open();
      const unheard: unknown[] = [];
      const onUnheard = (reason: unknown) => unheard.push(reason);
      process.on("unhandledRejection", onUnheard);
      const id = `feed-failure-${Date.now()}`;
      await store.createSession({ id, sourceKind: "push", config: {} });
      await store.append(id, deltas(1, 3));
      await store.setStatus(id, "completed");
      const { store: wrapped, state } = flaky(store, 3);
      const server = await startServer({ port: 0, store: wrapped, noAuth: true });
      try {
        // The load's own read of the tail (from seq 3) succeeds; the live feed's, from the same seq, fails.
        Object.assign(state, { failing: true, spared: 1 });
        expect((await server.gateway.currentProjection(id)).seq).toBe(3);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(state.failed).toBeGreaterThan(0);
        expect(unheard).toEqual([]);
        expect(server.gateway.projectionLoaded(id)).toBe(false);
        state.failing = false;
        await store.append(id, deltas(4, 5));
        const reloaded = await server.gateway.currentProjection(id);
        expect(reloaded.seq).toBe(5);
        expect(reloaded.state.messages[0].parts[0].text).toBe("1 2 3 4 5 ");
      } finally {
        process.off("unhandledRejection", onUnheard);
        await server.close();
        await cleanup();
      }
    });
  });
}

onEveryStore("feed-failure", suite);
