// Child process of `npm run bench:abuse`: a whole gateway (startServer, SQLite in the given data dir,
// loopback, default limits) plus a `bulk` source that writes a long session fast: metric facts carrying
// a note of a few KB, so the log is large (the viewers' backlog) while the projection of it stays small
// (the viewers are what is measured, not the projection of a huge transcript). Prints its URL. Replays
// files from AGENT_UI_BENCH_REPLAY_DIR when set (`npm run bench:import`).
import type { RuntimeSourceFactory } from "../src";
import { replaySource } from "@agent-ui/connectors";
import { startServer } from "../src";

const [dataDir, events = "30000", bytes = "2800"] = process.argv.slice(2);
const total = Number(events);
const filler = "x".repeat(Math.max(0, Number(bytes) - 120));

const bulk: RuntimeSourceFactory = {
  kind: "bulk",
  description: "writes a long session as fast as the store takes it",
  create: () => ({
    kind: "bulk",
    async start({ sink }) {
      for (let i = 0; i < total; i += 500) {
        const batch = Array.from({ length: Math.min(500, total - i) }, (_, k) => ({
          type: "metric.changed",
          metricName: "bench.progress",
          payload: { value: i + k, note: filler },
        }));
        await sink.events(batch);
      }
    },
    async command(command) {
      return { status: "unavailable", idempotencyKey: command.idempotencyKey, reason: "bench source" };
    },
    async stop() {},
  }),
};

const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir,
  token: process.env.AGENT_UI_BENCH_TOKEN,
  sources: [replaySource({ root: process.env.AGENT_UI_BENCH_REPLAY_DIR }), bulk],
});
process.stdout.write(`url ${server.url}\n`);
// A clean exit on SIGTERM, so `--cpu-prof` (bench:import --cpu-prof) writes its profile.
process.once("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});
