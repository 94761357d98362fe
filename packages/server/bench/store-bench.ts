// `npm run bench:store`: append throughput of the session stores (SQLite, and PostgreSQL when
// AGENT_UI_PG_URL is set). A source appends one event per call without waiting for the previous one (a
// replay, an ingest stream, a chatty runtime), up to `inFlight` appends outstanding, over `sessions`
// sessions; the store's group commit decides how many share a transaction. Median of three runs with
// the spread printed. Loopback only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createPostgresStore, createSqliteStore, dropPostgresSchema, type SessionStore } from "../src";

const EVENTS = Number(process.env.STORE_BENCH_EVENTS ?? 100_000);
const IN_FLIGHT = 512;
const RUNS = 3;
const TARGET = 20_000;

function event(i: number): AgentUiEvent {
  return {
    type: "text.delta",
    eventId: `e-${i}`,
    turnId: "t1",
    messageId: "m1",
    payload: { delta: `token ${i} ` },
  } as AgentUiEvent;
}

async function pump(store: SessionStore, sessions: number): Promise<number> {
  const ids = Array.from({ length: sessions }, (_, i) => `bench-${i}-${Date.now().toString(36)}`);
  for (const id of ids) await store.createSession({ id, sourceKind: "bench", config: {} });
  const start = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  for (let i = 0; i < EVENTS; i++) {
    const append = store.append(ids[i % sessions], [event(i)]);
    inFlight.add(append);
    void append.finally(() => inFlight.delete(append));
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return (EVENTS / (performance.now() - start)) * 1000;
}

async function measure(
  name: string,
  open: () => Promise<{ store: SessionStore; done: () => Promise<void> }>,
) {
  const rows: string[] = [];
  for (const sessions of [1, 10]) {
    const rates: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { store, done } = await open();
      try {
        rates.push(await pump(store, sessions));
      } finally {
        await done();
      }
    }
    rates.sort((x, y) => x - y);
    const median = rates[Math.floor(rates.length / 2)];
    const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
    rows.push(
      `| ${name} | ${sessions} | ${fmt(median)} | ${fmt(rates[0])}–${fmt(rates[rates.length - 1])} | ${median >= TARGET ? "yes" : "**no**"} |`,
    );
    process.stderr.write(`${name} × ${sessions} sessions: ${fmt(median)} events/s\n`);
  }
  return rows;
}

const rows: string[] = [];
rows.push(
  ...(await measure("SQLite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-ui-store-bench-"));
    const store = createSqliteStore({ file: join(dir, "sessions.db") });
    return {
      store,
      done: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  })),
);
const pgUrl = process.env.AGENT_UI_PG_URL;
if (pgUrl !== undefined) {
  rows.push(
    ...(await measure("PostgreSQL", async () => {
      const schema = `agent_ui_bench_${process.pid}_${Date.now().toString(36)}`;
      const store = await createPostgresStore({ connectionString: pgUrl, schema });
      return {
        store,
        done: async () => {
          await store.close();
          await dropPostgresSchema(pgUrl, schema);
        },
      };
    })),
  );
} else rows.push("| PostgreSQL | – | not measured (AGENT_UI_PG_URL is not set) | – | – |");
process.stdout.write(
  [
    `Appends of one event each, ${EVENTS.toLocaleString("en-US")} events, up to ${IN_FLIGHT} in flight, median of ${RUNS} runs.`,
    "",
    `| store | sessions | events/s (median) | range | ≥ ${TARGET.toLocaleString("en-US")} events/s |`,
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n"),
);
