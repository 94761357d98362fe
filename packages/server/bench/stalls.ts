// `npx tsx packages/server/bench/stalls.ts FILE.cpuprofile [--over MS]`: what blocked the event loop.
// Reads a V8 CPU profile (`node --cpu-prof`, e.g. `npm run bench:import -- --cpu-prof DIR`) and lists
// each stretch of busy samples longer than `--over` (default 50 ms) with the functions that held it
// (inclusive time within the stretch: a function counts once per sample whatever its depth).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { over: { type: "string" }, top: { type: "string" } },
});
const overMs = Number(values.over ?? 50);
const top = Number(values.top ?? 8);
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(packages|node_modules)\//, "$1/")}:${lineNumber + 1}` : "";
    return `${functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
  };
  const idle = (id: number) => byId.get(id)?.callFrame.functionName === "(idle)";
  let at = profile.startTime;
  const times = profile.timeDeltas.map((delta) => {
    at += delta;
    return at;
  });
  const stalls: { start: number; end: number; from: number; to: number }[] = [];
  let from = -1;
  for (let i = 0; i <= profile.samples.length; i++) {
    const busy = i < profile.samples.length && !idle(profile.samples[i]);
    if (busy && from < 0) from = i;
    if (!busy && from >= 0) {
      const start = times[from];
      const end = times[i] ?? times[i - 1];
      if ((end - start) / 1000 >= overMs) stalls.push({ start, end, from, to: i });
      from = -1;
    }
  }
  console.log(`${file}: ${stalls.length} stretches over ${overMs} ms`);
  for (const stall of stalls) {
    const inclusive = new Map<string, number>();
    for (let i = stall.from; i < stall.to; i++) {
      const dt = (times[i + 1] ?? times[i]) - times[i];
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const node = byId.get(id) as ProfileNode;
        const label = name(node);
        if (label.startsWith("(root)") || seen.has(label)) continue;
        seen.add(label);
        inclusive.set(label, (inclusive.get(label) ?? 0) + dt);
      }
    }
    const heaviest = [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(
      `  at ${((stall.start - profile.startTime) / 1e6).toFixed(2)} s: ${((stall.end - stall.start) / 1000).toFixed(0)} ms`,
    );
    for (const [label, us] of heaviest) console.log(`    ${(us / 1000).toFixed(0).padStart(6)} ms  ${label}`);
  }
}
