// A push session outlives its gateway process: a gateway is killed with SIGKILL, a new one starts on the
// same database, the runtime pushes again and its records project into the same session (FALL-01,
// CTRL-06). The same body runs on SQLite (same data dir) and PostgreSQL (same schema); on PostgreSQL,
// where gateways share the database, a gateway that starts while another is alive leaves that one's
// session alone, of two gateways starting after a crash only one takes it over, and a gateway already
// running takes it over when the runtime pushes to it after its holder died.
import type { ChildProcess } from "node:child_process";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { dropPostgresSchema } from "../src";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

const PG_URL = process.env.AGENT_UI_PG_URL;
const REQUIRED = process.env.AGENT_UI_REQUIRE_PG === "1";

/** One AG-UI run that says `text` as one assistant message. */
function agUiRun(run: string, text: string): unknown[] {
  return [
    { type: "RUN_STARTED", threadId: "thread-1", runId: run },
    { type: "TEXT_MESSAGE_START", messageId: `msg-${run}`, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: `msg-${run}`, delta: text },
    { type: "TEXT_MESSAGE_END", messageId: `msg-${run}` },
    { type: "RUN_FINISHED", threadId: "thread-1", runId: run },
  ];
}

const push = (url: string, id: string, records: unknown[]) =>
  postJson(`${url}/api/sessions/${id}/ingest?format=ag-ui`, records);
const session = async (url: string, id: string) => (await getJson(`${url}/api/sessions/${id}`)).body.session;
const assistantTexts = async (url: string, id: string) =>
  ((await getJson(`${url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState).messages
    .filter((m) => m.role === "assistant")
    .map((m) => m.parts.map((p) => p.text ?? "").join(""));

interface Database {
  /** Starts a gateway process on the database. */
  start(): Promise<{ url: string; child: ChildProcess }>;
  cleanup(): Promise<void>;
}

interface Backend {
  name: string;
  /** Several gateway processes may use the database at once. */
  shared: boolean;
  open(): Database;
}

function pushRestartContract(backend: Backend) {
  describe(`push session across a gateway restart (${backend.name})`, () => {
    const children: ChildProcess[] = [];
    let current: Database | undefined;
    const start = async () => {
      const gateway = await (current as Database).start();
      children.push(gateway.child);
      return gateway;
    };
    afterAll(async () => {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) await crashChild(child);
      await current?.cleanup();
    });

    it("FALL-01 CTRL-06 records pushed after the restart project into the same session", async () => {
      current = backend.open();
      const first = await start();
      const created = await postJson(`${first.url}/api/sessions`, { source: "push" });
      expect(created.status).toBe(201);
      const id = created.body.session.id as string;
      expect((await push(first.url, id, agUiRun("run-1", "before the restart"))).status).toBe(200);

      let bystander: { url: string } | undefined;
      if (backend.shared) {
        // A gateway that starts while the first is alive leaves the session to it.
        bystander = await start();
        expect(await session(bystander.url, id)).toMatchObject({ attached: false, status: "live" });
        expect((await session(bystander.url, id)).statusReason).not.toMatch(/gateway restarted/);
        expect((await push(first.url, id, agUiRun("run-2", "still the first gateway"))).status).toBe(200);
        expect((await push(bystander.url, id, agUiRun("run-x", "not here"))).body.error.code).toBe(
          "source_stopped",
        );
      }
      await crashChild(first.child);

      // Two gateways start on the database at once (one on SQLite, whose data dir takes one process).
      const successors = backend.shared ? await Promise.all([start(), start()]) : [await start()];
      const taker = await waitFor(async () => {
        for (const gateway of successors) {
          const s = await session(gateway.url, id);
          if (s.attached && s.status === "live" && /gateway restarted/.test(s.statusReason)) return gateway;
        }
        return undefined;
      }, 20_000);
      expect((await session(taker.url, id)).statusReason).toMatch(
        /gateway restarted; re-attached: waiting for the runtime to push again/,
      );
      for (const other of successors)
        if (other !== taker) expect((await session(other.url, id)).attached).toBe(false);

      const pushed = await push(taker.url, id, agUiRun("run-3", "after the restart"));
      expect(pushed.status).toBe(200);
      const expected = backend.shared
        ? ["before the restart", "still the first gateway", "after the restart"]
        : ["before the restart", "after the restart"];
      await waitFor(async () => (await assistantTexts(taker.url, id)).length === expected.length, 10_000);
      expect(await assistantTexts(taker.url, id)).toEqual(expected);
      // The log goes on where it was: one contiguous sequence, the restart's facts between the runs.
      const { entries } = (await getJson(`${taker.url}/api/sessions/${id}/events.json?limit=5000`)).body;
      expect(entries.map((e: { seq: number }) => e.seq)).toEqual(
        entries.map((_: unknown, i: number) => i + 1),
      );
      expect(pushed.body.seq).toBe(entries[entries.length - 1].seq);

      if (bystander !== undefined) {
        // The taker dies too. The runtime pushes to a gateway that was running all along: it takes the
        // session over there and then (its holder is gone), the others still leave it alone.
        await crashChild(taker.child);
        // PostgreSQL frees a dead client's advisory lock once it sees the connection close: until then the
        // holder still looks alive and a push answers 409 (storing nothing), so the runtime retries.
        const later = await waitFor(async () => {
          const answer = await push(bystander.url, id, agUiRun("run-4", "on a gateway already running"));
          return answer.status === 409 ? undefined : answer;
        }, 10_000);
        expect(later.status).toBe(200);
        expect(await session(bystander.url, id)).toMatchObject({ attached: true, status: "live" });
        for (const other of successors)
          if (other !== taker) expect((await session(other.url, id)).attached).toBe(false);
        await waitFor(async () => (await assistantTexts(bystander.url, id)).length === 4, 10_000);
        expect(await assistantTexts(bystander.url, id)).toEqual([
          ...expected,
          "on a gateway already running",
        ]);
      }
    }, 60_000);
  });
}

pushRestartContract({
  name: "SQLite",
  shared: false,
  open() {
    const dir = tempDir("agent-ui-push-restart-");
    return { start: () => startChildGateway(dir.path), cleanup: async () => dir.remove() };
  },
});

if (PG_URL) {
  pushRestartContract({
    name: "PostgreSQL",
    shared: true,
    open() {
      const schema = `agent_ui_pr_${process.pid}_${Date.now().toString(36)}`;
      // Each gateway process gets its own data dir: only the database is shared.
      const dirs: ReturnType<typeof tempDir>[] = [];
      return {
        start: () => {
          const dir = tempDir("agent-ui-push-restart-pg-");
          dirs.push(dir);
          return startChildGateway(dir.path, {
            AGENT_UI_TEST_PG_URL: PG_URL,
            AGENT_UI_TEST_PG_SCHEMA: schema,
          });
        },
        cleanup: async () => {
          for (const dir of dirs) dir.remove();
          await dropPostgresSchema(PG_URL, schema);
        },
      };
    },
  });
} else if (REQUIRED) {
  describe("push session across a gateway restart (PostgreSQL)", () => {
    it("is required (AGENT_UI_REQUIRE_PG=1) but AGENT_UI_PG_URL is not set", () => {
      throw new Error("AGENT_UI_PG_URL is not set");
    });
  });
} else {
  console.warn("AGENT_UI_PG_URL is not set: the PostgreSQL push restart test is skipped");
}
