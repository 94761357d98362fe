// The embedded demo runtime resumes after a gateway restart on the same SQLite data dir, over real
// loopback HTTP: a clean close (in-process) and a crash (a child gateway killed with SIGKILL). The resumed
// session is `live` with a reason saying what was carried over; new turns continue the numbering; the
// combined log keeps unique event ids and monotonic sequences; a run that was in flight is not continued
// and writes about it are refused with a reason.
import type { ChildProcess } from "node:child_process";
import { type AgentUiEvent, type ProjectionState, streamKeyOf } from "@agent-ui/contracts";
import { createProjector, projectEvents } from "@agent-ui/projection";
import { afterAll, describe, expect, it } from "vitest";
import { demoSource } from "@agent-ui/demo";
import { type RunningServer, startServer } from "../src";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

const LONG = 60_000;

/** Idempotency keys are durable across restarts: every write of the file gets its own. */
let writeNo = 0;

/** Reads and writes one session of the gateway at `url`. */
function sessionClient(url: string, id: string) {
  return {
    record: async () => (await getJson(`${url}/api/sessions/${id}`)).body.session,
    /** The state as a client holds it: the snapshot (a window at its seq), then the events after it. */
    state: async () => {
      const snapshot = (await getJson(`${url}/api/sessions/${id}/snapshot`)).body;
      const after = (await getJson(`${url}/api/sessions/${id}/events.json?after=${snapshot.seq}&limit=5000`))
        .body.entries as { event: AgentUiEvent }[];
      if (after.length === 0) return snapshot.state as ProjectionState;
      const projector = createProjector();
      projector.hydrate({ kind: "projection", state: snapshot.state });
      projector.applyAll(after.map((entry) => entry.event));
      return projector.getState();
    },
    write: async (command: Record<string, unknown>) =>
      (
        await postJson(`${url}/api/sessions/${id}/commands`, {
          idempotencyKey: `resume-${++writeNo}`,
          ...command,
        })
      ).body,
    /** Every stored event of the session, in log order. */
    log: async () => {
      const events: AgentUiEvent[] = [];
      for (let after = 0; ; ) {
        const page = (await getJson(`${url}/api/sessions/${id}/events.json?after=${after}&limit=5000`)).body;
        events.push(...page.entries.map((entry: { event: AgentUiEvent }) => entry.event));
        if (page.next === null) return events;
        after = page.next;
      }
    },
  };
}

async function createDemo(url: string, scenario: string, config: Record<string, unknown>) {
  const created = await postJson(`${url}/api/sessions`, { source: "demo", scenario, config });
  expect(created.status).toBe(201);
  return created.body.session.id as string;
}

const liveAgain = (client: ReturnType<typeof sessionClient>) =>
  waitFor(async () => {
    // The store row still says what the previous process last wrote until the resumed `live` is stored.
    const session = await client.record();
    const resumed = session.attached && session.status === "live";
    return resumed && String(session.statusReason).startsWith("the gateway restarted") ? session : undefined;
  }, LONG);

const turnEnded = (client: ReturnType<typeof sessionClient>, turnId: string, status = "completed") =>
  waitFor(async () => {
    const state = await client.state();
    return state.runtime.turnId === turnId && state.runtime.status === status ? state : undefined;
  }, LONG);

const userTexts = (state: ProjectionState) =>
  state.messages.filter((m) => m.role === "user").map((m) => m.parts.map((p) => p.text ?? "").join(""));

/** ORD-01/02 over the whole stored log: event ids unique, sequences strictly increasing per stream, and
 * the runtime's own sequences (carried by its first event of each record) increasing across the restart. */
function expectOrderedLog(events: readonly AgentUiEvent[]): void {
  const ids = events.map((e) => e.eventId);
  expect(new Set(ids).size).toBe(ids.length);
  const lastByStream = new Map<string, number>();
  const runtimeSequences: number[] = [];
  for (const event of events) {
    if (typeof event.sequence !== "number") continue;
    const key = streamKeyOf(event);
    expect(event.sequence, `${event.eventId} on ${key}`).toBeGreaterThan(lastByStream.get(key) ?? 0);
    lastByStream.set(key, event.sequence);
    runtimeSequences.push(event.sequence);
  }
  expect(runtimeSequences).toEqual([...runtimeSequences].sort((a, b) => a - b));
  expect(new Set(runtimeSequences).size).toBe(runtimeSequences.length);
}

describe("demo runtime resumes after a gateway restart (same SQLite data dir)", () => {
  const dirs: { remove(): void }[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) await crashChild(child);
    for (const dir of dirs) dir.remove();
  });

  it("HYD-08/CTRL-06/ORD-01 after a clean close, twice: live with a reason, new turns continue the numbering, " +
    "the log keeps unique ids and monotonic sequences, and both turns' messages are in order", async () => {
    const dir = tempDir("agent-ui-demo-resume-");
    dirs.push(dir);
    const servers: RunningServer[] = [];
    const start = async () => {
      // Frequent compaction: a restart then plans from a stored snapshot plus its tail (HYD-09).
      const server = await startServer({
        noAuth: true,
        port: 0,
        dataDir: dir.path,
        snapshotEvery: 20,
        sources: [demoSource],
      });
      servers.push(server);
      return server;
    };
    try {
      const first = await start();
      const id = await createDemo(first.url, "solo", { pace: 0 });
      await turnEnded(sessionClient(first.url, id), "turn_001");
      await first.close();

      const second = await start();
      const client = sessionClient(second.url, id);
      const resumed = await liveAgain(client);
      expect(resumed.statusReason).toMatch(
        /^the gateway restarted; re-attached: demo runtime resumed at turn 2 \(sequence \d+\)/,
      );
      // Nothing was in flight: no run is declared lost.
      expect(resumed.statusReason).not.toMatch(/in flight/);
      const sent = await client.write({ kind: "send", text: "And after the restart?" });
      expect(sent).toMatchObject({ status: "accepted", assigned: { turnId: "turn_002" } });
      await turnEnded(client, "turn_002");
      expect((await second.gateway.store.latestSnapshot(id))?.seq).toBeGreaterThan(0);
      await second.close();

      // A second restart continues after the resumed runtime's own numbering (its stream was namespaced).
      const third = await start();
      const again = sessionClient(third.url, id);
      expect((await liveAgain(again)).statusReason).toMatch(/resumed at turn 3/);
      expect(await again.write({ kind: "send", text: "Third time" })).toMatchObject({
        status: "accepted",
        assigned: { turnId: "turn_003" },
      });
      const state = await turnEnded(again, "turn_003");
      expect(state.session.sourceStatus).toBe("live");
      expect(userTexts(state)).toEqual([
        "How does the projection avoid showing the final answer twice?",
        "And after the restart?",
        "Third time",
      ]);

      const log = await again.log();
      expectOrderedLog(log);
      // A client replaying the whole log sees the same turns, in order, each answered once.
      const replayed = projectEvents(log);
      expect(userTexts(replayed)).toEqual(userTexts(state));
      const answers = replayed.messages.filter((m) => m.role === "assistant").map((m) => m.turnId);
      expect(answers).toEqual(["turn_001", "turn_002", "turn_003"]);
      expect(replayed.diagnostics.map((d) => d.code)).not.toContain("duplicate_sequence");
    } finally {
      for (const server of servers) await server.close().catch(() => {});
    }
  }, 180_000);

  it("FALL-01/TASK-10 a run blocked on a quota when the gateway closed is in flight too: its task is lost (never completed), a retry of it is rejected with why, and the session takes new turns", async () => {
    const dir = tempDir("agent-ui-demo-blocked-");
    dirs.push(dir);
    const first = await startServer({ noAuth: true, port: 0, dataDir: dir.path, sources: [demoSource] });
    const id = await createDemo(first.url, "blocked", { pace: 0 });
    await waitFor(
      async () => (await sessionClient(first.url, id).state()).runtime.status === "blocked",
      LONG,
    );
    await first.close();
    const second = await startServer({ noAuth: true, port: 0, dataDir: dir.path, sources: [demoSource] });
    try {
      const client = sessionClient(second.url, id);
      const resumed = await liveAgain(client);
      expect(resumed.statusReason).toMatch(/run_001 was in flight .*1 open task lost/);
      const state = await client.state();
      expect(state.diagnostics.map((d) => d.message).join("\n")).toMatch(
        /gateway restarted while a run was in flight \(blocked\); its outcome is unknown/,
      );
      expect(state.tasks.task_001_summary.status).toBe("stale");
      expect(state.runtime).toMatchObject({ status: "failed", failure: { category: "runtime_lost" } });
      const retry = await client.write({ kind: "retry", taskId: "task_001_summary" });
      expect(retry.status).toBe("rejected");
      expect(retry.reason).toMatch(/Task task_001_summary is no longer available: .*gateway restarted/);
      expect(await client.write({ kind: "send", text: "Summarize again" })).toMatchObject({
        status: "accepted",
        assigned: { turnId: "turn_002" },
      });
      await waitFor(async () => (await client.state()).runtime.turnId === "turn_002", LONG);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("FALL-01/HYD-08 a source that cannot resume, closed while a run was in flight: stopped and stale with " +
    "the reason, writes unavailable — never shown live", async () => {
    const dir = tempDir("agent-ui-demo-noresume-");
    dirs.push(dir);
    // The same demo runtime, offered by a gateway whose factory has no `resume`.
    const sources = [{ ...demoSource, resume: undefined }];
    const first = await startServer({ noAuth: true, port: 0, dataDir: dir.path, sources });
    const id = await createDemo(first.url, "approval", { pace: 0 });
    await waitFor(
      async () => (await sessionClient(first.url, id).state()).runtime.status === "action_required",
      LONG,
    );
    await first.close();
    const second = await startServer({ noAuth: true, port: 0, dataDir: dir.path, sources });
    try {
      const client = sessionClient(second.url, id);
      const session = await client.record();
      expect(session).toMatchObject({ status: "stopped", attached: false });
      expect(session.statusReason).toMatch(/gateway restarted; .*"demo" runtime source cannot resume/);
      const refused = await client.write({ kind: "send", text: "again" });
      expect(refused.status).toBe("unavailable");
      expect(refused.reason).toMatch(/^host_unavailable: .*gateway restarted/);
      const state = await client.state();
      expect(state.session).toMatchObject({ sourceStatus: "stopped", hydration: { status: "stale" } });
      expect(state.diagnostics.map((d) => d.code)).toContain("transport_unavailable");
    } finally {
      await second.close();
    }
  }, 60_000);

  it("HITL-03/FALL-01/CTRL-06 a crash while an approval is pending: the run is not continued, the approval " +
    "expires and answering it is rejected with a reason; a new turn runs its own approval to completion", async () => {
    const dir = tempDir("agent-ui-demo-crash-");
    dirs.push(dir);
    const first = await startChildGateway(dir.path);
    children.push(first.child);
    const id = await createDemo(first.url, "approval", { pace: 0.2 });
    const before = sessionClient(first.url, id);
    await waitFor(
      async () => Object.values((await before.state()).actions).some((a) => a.status === "pending"),
      LONG,
    );
    await crashChild(first.child);

    const second = await startChildGateway(dir.path);
    children.push(second.child);
    const client = sessionClient(second.url, id);
    const resumed = await liveAgain(client);
    expect(resumed.statusReason).toMatch(/run_001 was in flight and is not continued \(outcome unknown/);
    expect(resumed.statusReason).toMatch(/1 pending action expired \(action_001_write_file_1\)/);

    const recovered = await client.state();
    expect(recovered.session.sourceStatus).toBe("live");
    expect(recovered.actions.action_001_write_file_1.status).toBe("expired");
    // The tool was waiting when its process died: its outcome is unknown, never a fabricated result.
    expect(recovered.tools.call_001_write_file_1.status).toBe("unknown");
    expect(recovered.runtime).toMatchObject({ turnId: "turn_001", status: "failed" });
    expect(recovered.runtime.failure?.category).toBe("runtime_lost");
    expect(recovered.diagnostics.map((d) => d.message).join("\n")).toMatch(/outcome is unknown/);

    const late = await client.write({
      kind: "respond_action",
      actionId: "action_001_write_file_1",
      decision: "approve",
    });
    expect(late.status).toBe("rejected");
    expect(late.reason).toMatch(/action_001_write_file_1 is no longer available: .*gateway restarted/);
    expect((await client.state()).actions.action_001_write_file_1.status).toBe("expired");

    expect(await client.write({ kind: "send", text: "Try the README again" })).toMatchObject({
      status: "accepted",
      assigned: { turnId: "turn_002" },
    });
    await waitFor(
      async () => (await client.state()).actions.action_002_write_file_1?.status === "pending",
      LONG,
    );
    expect(
      await client.write({
        kind: "respond_action",
        actionId: "action_002_write_file_1",
        decision: "approve",
      }),
    ).toMatchObject({ status: "accepted" });
    const done = await turnEnded(client, "turn_002");
    expect(done.tools.call_002_write_file_1.status).toBe("output-available");
    expect(done.tools.call_001_write_file_1.status).toBe("unknown");
    expect(userTexts(done)).toEqual(["Add an install section to README.md.", "Try the README again"]);
    expectOrderedLog(await client.log());
  }, 180_000);

  it("QUEUE-08/ORD-01/RT-AS-05 a crash while a run streams: queued turns survive (a truncated one is named, not " +
    "shown queued), pending steers are rejected, and the carried turn runs after the next one", async () => {
    const dir = tempDir("agent-ui-demo-stream-");
    dirs.push(dir);
    const first = await startChildGateway(dir.path);
    children.push(first.child);
    const id = await createDemo(first.url, "queue-steer", { pace: 0.5 });
    const before = sessionClient(first.url, id);
    await waitFor(async () => (await before.state()).runtime.status === "streaming", LONG);
    expect(await before.write({ kind: "queue", text: "Then list the adapters." })).toMatchObject({
      status: "accepted",
      assigned: { queuedId: "queued_001" },
    });
    const long = `Then explain every family in detail: ${"status, text, tools, actions, tasks. ".repeat(4)}`;
    expect(await before.write({ kind: "queue", text: long })).toMatchObject({ status: "accepted" });
    expect(await before.write({ kind: "steer", text: "Keep it short." })).toMatchObject({
      status: "accepted",
    });
    await waitFor(async () => {
      const { queue } = await before.state();
      return queue.items.length === 2 && queue.steers.length === 1;
    }, LONG);
    await crashChild(first.child);

    const second = await startChildGateway(dir.path);
    children.push(second.child);
    const client = sessionClient(second.url, id);
    const resumed = await liveAgain(client);
    expect(resumed.statusReason).toMatch(/1 queued turn carried over/);
    expect(resumed.statusReason).toMatch(/1 queued turn not carried over \(.*queued_002\)/);
    const recovered = await client.state();
    expect(recovered.queue.items.map((item) => [item.id, item.preview])).toEqual([
      ["queued_001", "Then list the adapters."],
    ]);
    expect(recovered.queue.steers.map((s) => [s.status, s.preview])).toEqual([
      ["rejected", "Keep it short."],
    ]);
    expect(recovered.runtime.status).toBe("failed");
    // No text part of the dead run is left streaming.
    expect(recovered.messages.flatMap((m) => m.parts).every((p) => p.status === "done")).toBe(true);

    expect(await client.write({ kind: "send", text: "Start over, briefly." })).toMatchObject({
      status: "accepted",
      assigned: { turnId: "turn_002" },
    });
    const state = await turnEnded(client, "turn_003");
    expect(userTexts(state)).toEqual([
      "Explain the projection pipeline end to end.",
      "Start over, briefly.",
      "Then list the adapters.",
    ]);
    expect(state.queue.items).toEqual([]);
    expectOrderedLog(await client.log());
  }, 180_000);
});
