// `npm run bench:window`: the hydration window a late joiner receives for a long session — its size in
// bytes and the time to build and serialize it from a fresh state (the projector's lazily built views
// included, as a gateway's first joiner pays them) with the longest stretch the build held the event
// loop (it runs in slices), then to serve it again at the same state (shared by every joiner) — beside the whole projection it is cut from, and what each slice of the window weighs.
// Target: ≤ 512 KB at 1M events.
import { createProjector } from "@agent-ui/projection";
import { encodeSession, generateSession } from "../../../bench/src/generator";
import type { HydrationWindow } from "@agent-ui/contracts";
import { hydrationWindowBody, windowKey } from "../src/http/hydration-window";
import { WindowCache } from "../src/http/window-cache";
import type { SessionRecord } from "../src";

const TARGET_BYTES = 512 * 1024;
const sizes = process.argv.includes("--quick") ? [10_000, 100_000] : [100_000, 1_000_000];
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;

const rows: string[] = [];
const slices: string[] = [];
for (const events of sizes) {
  process.stderr.write(`window @ ${events} events…\n`);
  const envelope = encodeSession(generateSession({ events })).envelope;
  const projector = createProjector();
  projector.applyAll(envelope);
  const state = projector.getState();
  const session: SessionRecord = {
    id: `bench-${events}`,
    sourceKind: "bench",
    config: {},
    status: "completed",
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    lastSeq: envelope.length,
  } as SessionRecord;
  const cache = new WindowCache();
  const key = windowKey(envelope.length, 40);
  const build = () => hydrationWindowBody(session, false, envelope.length, state);
  // The longest the build held the event loop: the widest gap between two turns while it ran.
  let longestMs = 0;
  let lastTurn = performance.now();
  let building = true;
  const turn = () => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - lastTurn);
    lastTurn = now;
    if (building) setImmediate(turn);
  };
  setImmediate(turn);
  let start = performance.now();
  const body = (await cache.get(session.id, key, build)).toString();
  const firstMs = performance.now() - start;
  building = false;
  start = performance.now();
  await cache.get(session.id, key, build);
  const againMs = performance.now() - start;
  // Measured after the window: reading every slice builds the views a first window otherwise pays for.
  const whole = JSON.stringify(state).length;
  const bytes = Buffer.byteLength(body);
  rows.push(
    `| ${events.toLocaleString("en-US")} | ${kb(whole)} | ${kb(bytes)} | ${kb(TARGET_BYTES)} | ${firstMs.toFixed(1)} | ${longestMs.toFixed(1)} | ${againMs.toFixed(3)} | ${bytes <= TARGET_BYTES ? "yes" : "**no**"} |`,
  );
  const parsed = JSON.parse(body) as HydrationWindow;
  const weigh = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");
  const rowsIn = (value: unknown) =>
    Array.isArray(value)
      ? value.length
      : value !== null && typeof value === "object"
        ? Object.keys(value).length
        : 1;
  const heavy = Object.entries(parsed.state)
    .map(([key, value]) => ({ key, bytes: weigh(value), rows: rowsIn(value) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  slices.push(
    `| ${events.toLocaleString("en-US")} | ${heavy.map((h) => `${h.key} ${kb(h.bytes)} (${h.rows})`).join(" · ")} · window info ${kb(weigh(parsed.window))} |`,
  );
}
process.stdout.write(
  [
    "| events | whole projection | hydration window | target | build + serialize ms | longest slice ms | same state again ms | window ≤ 512 KB |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "| events | heaviest slices of the window: bytes (rows) |",
    "| --- | --- |",
    ...slices,
    "",
  ].join("\n"),
);
