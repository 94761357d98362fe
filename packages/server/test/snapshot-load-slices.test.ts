// The first request for a persisted session loads it from its latest snapshot without holding the
// gateway's event loop: the snapshot's text is parsed, hydrated into the projector and its first views
// built in slices, so a health request made when the hydration begins is answered before it ends.
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { toEnvelopeEvents } from "../../../bench/src/encode/envelope";
import { generateSession } from "../../../bench/src/generator";
import { type GatewayProjector, startServer } from "../src";
import { SessionIngest } from "../src/gateway/ingest";
import { createSqliteStore } from "../src/store/sqlite-store";
import { tempDir } from "./helpers";

/** A completed session of `count` generated events, with a snapshot at its last event (no tail). */
async function persistedSession(file: string, count: number): Promise<number> {
  const store = createSqliteStore({ file });
  try {
    await store.createSession({ id: "long", sourceKind: "push", config: {} });
    const events = toEnvelopeEvents(generateSession({ seed: 5, events: count })) as Partial<AgentUiEvent>[];
    const ingest = new SessionIngest("long");
    for (let at = 0; at < events.length; at += 1000)
      await store.append("long", ingest.events(events.slice(at, at + 1000)));
    const projector = createProjector();
    const entries = await store.readEvents("long");
    for (const entry of entries) projector.apply(entry.event);
    const seq = entries[entries.length - 1].seq;
    await store.saveSnapshot("long", seq, projector.getState());
    await store.setStatus("long", "completed");
    return seq;
  } finally {
    await store.close();
  }
}

describe("a persisted session's first load", () => {
  it("HYD-09 health answers while a session is hydrated from its snapshot on its first request", async () => {
    const dir = tempDir("agent-ui-snapshot-load-");
    const seq = await persistedSession(join(dir.path, "agent-ui.sqlite"), 20_000);
    const order: string[] = [];
    let health: Promise<void> | undefined;
    let url = "";
    const askHealth = () => {
      health = fetch(`${url}/api/health`)
        .then((r) => r.json())
        .then(() => void order.push("health"));
    };
    // The projector the gateway loads the session into: health is asked as its hydration begins, and
    // the end of the load (hydrated, first views built) is noted, whichever way the gateway hydrates.
    const projectorFactory = () => {
      const projector = createProjector();
      const hydrate = projector.hydrate.bind(projector);
      const hydrateSteps = projector.hydrateSteps.bind(projector);
      const prepareSteps = projector.prepareSteps.bind(projector);
      const getState = projector.getState.bind(projector);
      const wrapped: GatewayProjector = {
        apply: (event) => projector.apply(event),
        hydrate(input) {
          askHealth();
          hydrate(input);
          order.push("hydrated");
        },
        *hydrateSteps(input, options) {
          askHealth();
          // Each step costs what a step of a much longer session's hydration would (a few ms), so the
          // gateway's slices of work end within the hydration on any machine.
          for (const step of hydrateSteps(input, options)) {
            const until = performance.now() + 2;
            while (performance.now() < until);
            yield step;
          }
          order.push("hydrated");
        },
        *prepareSteps() {
          yield* prepareSteps();
          order.push("prepared");
        },
        getState() {
          if (!order.includes("read")) order.push("read");
          return getState();
        },
      };
      return wrapped;
    };
    const server = await startServer({
      port: 0,
      dataDir: dir.path,
      noAuth: true,
      snapshotEvery: 0,
      projectorFactory,
    });
    url = server.url;
    try {
      const response = await fetch(`${url}/api/sessions/long/snapshot`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { seq: number }).seq).toBe(seq);
      await health;
      // Health is answered before the hydration ends; the first views are built before the first read.
      expect(order).toEqual(["health", "hydrated", "prepared", "read"]);
    } finally {
      await server.close();
      dir.remove();
    }
  }, 60_000);
});
