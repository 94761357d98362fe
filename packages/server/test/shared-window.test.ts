// Late joiners of one session share one hydration window: built once per state (joiners arriving while
// it is built wait for that build), kept as the bytes every joiner is sent, in a cache bounded in bytes.
// The build runs in slices, so the gateway keeps answering while it is under way.
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, Gateway } from "../src";
import { settleAfterRestart } from "../src/gateway/restart";
import { hydrationWindow } from "../src/http/hydration-window";
import { WindowCache } from "../src/http/window-cache";
import { createSqliteStore } from "../src/store/sqlite-store";
import { scriptedFactory, tempDir, waitFor } from "./helpers";

const MESSAGES = 30;
const script = Array.from({ length: MESSAGES * 4 }, (_, i) => ({
  type: "text.delta",
  turnId: `t${Math.floor(i / 4)}`,
  messageId: `m${Math.floor(i / 4)}`,
  payload: { delta: `part ${i} of a reply ` },
}));

describe("HYD-13 late joiners share one hydration window", () => {
  const dir = tempDir("agent-ui-shared-window-");
  const builds: string[] = [];
  const order: string[] = [];
  let onBuild: (() => void) | undefined;
  const factory = scriptedFactory(script);
  let gateway: Gateway;
  let url: string;
  let close: () => Promise<void>;
  let sessionId: string;

  beforeAll(async () => {
    const store = await createSqliteStore({ file: join(dir.path, "agent-ui.sqlite") });
    gateway = new Gateway({ store, sources: [factory] });
    const windowCache = new WindowCache({
      // Every step of a build yields a turn, so the ordering below does not depend on the machine's speed.
      sliceMs: 0,
      onBuild: (_id, key) => {
        builds.push(key);
        onBuild?.();
      },
    });
    const app = createApp(gateway, { noAuth: true, windowCache });
    const server = await new Promise<ReturnType<typeof serve>>((done) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => done(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      await gateway.close();
      await new Promise((done) => server.close(done));
      await store.close();
      dir.remove();
    };
    sessionId = (await gateway.createSession({ source: "scripted" })).id;
    // The script, then the source's `live` (its last event): the state stays put until a test adds one.
    await waitFor(async () => {
      const session = await gateway.getSession(sessionId);
      const { seq } = await gateway.currentProjection(sessionId);
      return session.status === "live" && seq === session.lastSeq && seq > script.length ? true : undefined;
    });
  });
  afterAll(async () => {
    await close();
  });

  const snapshot = (limit?: number) =>
    fetch(`${url}/api/sessions/${sessionId}/snapshot${limit ? `?limit=${limit}` : ""}`).then(async (r) => {
      expect(r.status).toBe(200);
      return r.text();
    });

  it("ten concurrent joiners of one state get one build, byte-identical to a window built fresh", async () => {
    builds.length = 0;
    const bodies = await Promise.all(Array.from({ length: 10 }, () => snapshot()));
    expect(builds).toHaveLength(1);
    const session = await gateway.getSession(sessionId);
    const projection = await gateway.currentProjection(sessionId);
    const fresh = JSON.stringify(
      hydrationWindow(session, gateway.isAttached(sessionId), projection.seq, projection.state),
    );
    for (const body of bodies) expect(body).toBe(fresh);
    expect(JSON.parse(fresh).state.messages.length).toBe(MESSAGES);
    // Later joiners of the same state are sent the kept bytes.
    expect(await snapshot()).toBe(fresh);
    expect(builds).toHaveLength(1);
    // Another limit is another window.
    await snapshot(5);
    expect(builds).toHaveLength(2);
  });

  it("a new state is built once more for its joiners", async () => {
    builds.length = 0;
    const before = await gateway.getSession(sessionId);
    await factory.runtimes[0].sink?.events([
      { type: "text.delta", turnId: "t-new", messageId: "m-new", payload: { delta: "a new reply" } },
    ]);
    await waitFor(async () =>
      (await gateway.getSession(sessionId)).lastSeq > before.lastSeq ? true : undefined,
    );
    const bodies = await Promise.all(Array.from({ length: 10 }, () => snapshot()));
    expect(builds).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]).state.messages.at(-1).id).toBe("m-new");
  });

  it("health answers while a window build is under way", async () => {
    order.length = 0;
    // A new state, so the next joiner starts a build; health is asked the moment that build starts.
    await factory.runtimes[0].sink?.events([
      { type: "text.delta", turnId: "t-more", messageId: "m-more", payload: { delta: "more" } },
    ]);
    await waitFor(async () =>
      (await gateway.currentProjection(sessionId)).state.messages.length > MESSAGES + 1 ? true : undefined,
    );
    let health: Promise<void> | undefined;
    onBuild = () => {
      onBuild = undefined;
      health = fetch(`${url}/api/health`)
        .then((r) => r.json())
        .then(() => {
          order.push("health");
        });
    };
    await snapshot().then(() => order.push("window"));
    await health;
    expect(order).toEqual(["health", "window"]);
  });
});

describe("the window cache", () => {
  const body = (text: string) => Buffer.from(text);
  const counting = () => {
    const calls: string[] = [];
    return {
      calls,
      build: (text: string) => async () => {
        calls.push(text);
        return body(text);
      },
    };
  };

  it("is bounded in bytes: the least recently used window goes first", async () => {
    const cache = new WindowCache({ maxBytes: 100 });
    const { calls, build } = counting();
    await cache.get("a", "k", build("a".repeat(40)));
    await cache.get("b", "k", build("b".repeat(40)));
    await cache.get("a", "k", build("a".repeat(40)));
    expect(calls).toHaveLength(2);
    await cache.get("c", "k", build("c".repeat(40)));
    expect(cache.usage()).toEqual({ windows: 2, bytes: 80 });
    // b was the least recently used: gone, built again; a is still kept.
    await cache.get("a", "k", build("a".repeat(40)));
    expect(calls).toHaveLength(3);
    await cache.get("b", "k", build("b".repeat(40)));
    expect(calls).toHaveLength(4);
    expect(cache.usage().bytes).toBeLessThanOrEqual(100);
  });

  it("serves a window larger than its bound without keeping it", async () => {
    const cache = new WindowCache({ maxBytes: 10 });
    const { calls, build } = counting();
    expect((await cache.get("a", "k", build("x".repeat(11)))).byteLength).toBe(11);
    expect(cache.usage()).toEqual({ windows: 0, bytes: 0 });
    await cache.get("a", "k", build("x".repeat(11)));
    expect(calls).toHaveLength(2);
  });

  it("keeps one window per session: a new key replaces the old one", async () => {
    const cache = new WindowCache();
    const { build } = counting();
    await cache.get("a", "k1", build("one"));
    await cache.get("a", "k2", build("second"));
    expect(cache.usage()).toEqual({ windows: 1, bytes: 6 });
  });

  it("shares a build in flight, and a failed build is neither kept nor shared afterwards", async () => {
    const cache = new WindowCache();
    let fail = true;
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (fail) throw new Error("build failed");
      return body("ok");
    };
    const first = await Promise.allSettled([cache.get("a", "k", build), cache.get("a", "k", build)]);
    expect(first.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(builds).toBe(1);
    fail = false;
    expect((await cache.get("a", "k", build)).toString()).toBe("ok");
    expect(builds).toBe(2);
  });

  it("does not keep an older build that finishes after a newer one started", async () => {
    const cache = new WindowCache();
    let release: (() => void) | undefined;
    const slow = cache.get("a", "old", async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return body("old");
    });
    await cache.get("a", "new", async () => body("new"));
    release?.();
    expect((await slow).toString()).toBe("old");
    let rebuilt = false;
    const kept = await cache.get("a", "new", async () => {
      rebuilt = true;
      return body("new again");
    });
    expect(kept.toString()).toBe("new");
    expect(rebuilt).toBe(false);
  });
});

describe("after a restart", () => {
  it("FALL-01 a settled session's window is built before its first joiner asks", async () => {
    const dir = tempDir("agent-ui-window-settled-");
    const file = join(dir.path, "agent-ui.sqlite");
    const before = await createSqliteStore({ file });
    await before.createSession({ id: "left", sourceKind: "gone", config: {} });
    await before.setStatus("left", "live");
    await before.close();

    const store = await createSqliteStore({ file });
    const gateway = new Gateway({ store, sources: [] });
    const settlement = await settleAfterRestart(gateway, []);
    const builds: string[] = [];
    const app = createApp(gateway, {
      noAuth: true,
      settlement,
      windowCache: new WindowCache({ onBuild: (id) => builds.push(id) }),
    });
    try {
      await settlement.done;
      await waitFor(async () => (builds.length > 0 ? true : undefined));
      expect(builds).toEqual(["left"]);
      const response = await app.request("/api/sessions/left/snapshot", { headers: { host: "127.0.0.1" } });
      expect(response.status).toBe(200);
      expect((await response.json()).session.status).toBe("stopped");
      expect(builds).toEqual(["left"]);
    } finally {
      await gateway.close();
      await store.close();
      dir.remove();
    }
  });
});
