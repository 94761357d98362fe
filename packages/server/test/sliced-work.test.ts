// Work that grows with a session runs in slices on the gateway's event loop: a snapshot's JSON is
// produced row by row with turns in between (and is the same text as JSON.stringify), and a long
// session's projection loads its tail a page per turn, so the gateway answers meanwhile.
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type GatewayProjector, startServer } from "../src";
import { stringifyInSlices } from "../src/slices/json-slices";
import { Slicer } from "../src/slices/turns";
import { createSqliteStore } from "../src/store/sqlite-store";
import { SessionIngest } from "../src/gateway/ingest";
import { tempDir } from "./helpers";

async function sliced(value: unknown, depth?: number): Promise<string> {
  const chunks: string[] = [];
  await stringifyInSlices(value, new Slicer(0), (chunk) => void chunks.push(chunk), depth);
  return chunks.join("");
}

describe("JSON in slices", () => {
  it("is the text JSON.stringify gives, for any JSON-like value (undefined and functions included)", async () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.jsonValue(),
        fc.constant(undefined),
        fc.constant(() => 1),
        fc.date({ noInvalidDate: true }),
      ),
      node: fc.oneof(
        { depthSize: "small" },
        tie("leaf"),
        fc.array(tie("node"), { maxLength: 6 }),
        fc.dictionary(fc.string(), tie("node"), { maxKeys: 6 }),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(value, fc.integer({ min: 0, max: 4 }), async (v, depth) => {
        const expected = JSON.stringify(v);
        expect(await sliced(v, depth)).toBe(expected === undefined ? "" : expected);
      }),
      { numRuns: 300 },
    );
  });

  it("yields turns while it serializes: a callback queued at the start runs before it ends", async () => {
    const state = { rows: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`r${i}`, { i }])) };
    const order: string[] = [];
    setImmediate(() => order.push("other work"));
    await sliced(state).then(() => order.push("serialized"));
    expect(order).toEqual(["other work", "serialized"]);
  });

  it("a snapshot larger than a chunk crosses to the commit thread and back whole, every character intact", async () => {
    const dir = tempDir("agent-ui-sliced-snapshot-");
    const store = await createSqliteStore({ file: join(dir.path, "agent-ui.sqlite") });
    try {
      await store.createSession({ id: "s", sourceKind: "push", config: {} });
      const rows = Object.fromEntries(
        Array.from({ length: 3000 }, (_, i) => [
          `tool-${i}`,
          { id: `tool-${i}`, text: "é → 😀 中".repeat(120) },
        ]),
      );
      const state = { tools: rows, messages: [{ id: "m", parts: [] }], note: undefined } as never;
      const bytes = await store.saveSnapshot("s", 7, state);
      const expected = JSON.stringify(state);
      expect(expected.length).toBeGreaterThan(2 * 1024 * 1024);
      expect(bytes).toBe(expected.length);
      const kept = await store.latestSnapshot("s");
      expect(kept?.seq).toBe(7);
      expect(JSON.stringify(kept?.state)).toBe(expected);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe("a long session's projection loads in slices", () => {
  it("HYD-09 health answers while the tail of a long session is replayed into its projection", async () => {
    const dir = tempDir("agent-ui-sliced-load-");
    const events = 6000;
    const store = await createSqliteStore({ file: join(dir.path, "agent-ui.sqlite") });
    await store.createSession({ id: "long", sourceKind: "push", config: {} });
    const ingest = new SessionIngest("long");
    for (let at = 0; at < events; at += 1000) {
      const batch: Partial<AgentUiEvent>[] = Array.from({ length: 1000 }, (_, i) => ({
        type: "text.delta",
        turnId: `t${Math.floor((at + i) / 100)}`,
        messageId: `m${Math.floor((at + i) / 100)}`,
        payload: { delta: `${at + i} ` },
      }));
      await store.append("long", ingest.events(batch));
    }
    await store.setStatus("long", "completed");
    await store.close();

    const order: string[] = [];
    let applied = 0;
    let health: Promise<void> | undefined;
    let url = "";
    // The projector the gateway loads the session into: when the replay of the tail begins, health is
    // asked; when it ends, that is noted.
    const projectorFactory = () => {
      const projector = createProjector() as GatewayProjector;
      const apply = projector.apply.bind(projector);
      projector.apply = (event) => {
        applied += 1;
        if (applied === 1)
          health = fetch(`${url}/api/health`)
            .then((r) => r.json())
            .then(() => void order.push("health"));
        const result = apply(event);
        if (applied === events) order.push("loaded");
        return result;
      };
      return projector;
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
      expect(((await response.json()) as { seq: number }).seq).toBe(events);
      await health;
      expect(order).toEqual(["health", "loaded"]);
    } finally {
      await server.close();
      dir.remove();
    }
  }, 30_000);
});

describe("a restart listens first", () => {
  it("FALL-01 the gateway is listening before the first session to settle starts loading", async () => {
    const dir = tempDir("agent-ui-listen-before-load-");
    const store = await createSqliteStore({ file: join(dir.path, "agent-ui.sqlite") });
    await store.createSession({ id: "left", sourceKind: "gone", config: {} });
    await store.setStatus("left", "live");
    await store.close();
    const order: string[] = [];
    const server = await startServer({
      port: 0,
      dataDir: dir.path,
      noAuth: true,
      projectorFactory: () => {
        order.push("load");
        return createProjector() as GatewayProjector;
      },
    });
    order.push("listening");
    try {
      await server.settled;
      expect(order).toEqual(["listening", "load"]);
    } finally {
      await server.close();
      dir.remove();
    }
  });
});
