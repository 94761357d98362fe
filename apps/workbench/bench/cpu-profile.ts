// `bench:ui --profile`: where the page's main-thread time went while streaming, from a Chrome DevTools
// CPU profile — self time per function (with file:line of the unminified bundle), so a regression points
// at code instead of a number.
import type { Page } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Starts the sampling profiler on `page`; the returned function stops it and returns the profile. */
export async function startCpuProfile(page: Page): Promise<() => Promise<CpuProfile>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
  return async () => ((await cdp.send("Profiler.stop")) as { profile: CpuProfile }).profile;
}

/** The `top` functions by self time, as printable lines (ms and share of the profiled time). */
export function topSelfTime(profile: CpuProfile, top = 25): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((node, i) => {
    byNode.set(node, (byNode.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  for (const [id, micros] of byNode) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.split("/").pop();
    const name = `${frame.functionName || "(anonymous)"}${file ? ` ${file}:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0) || 1;
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, micros]) =>
        `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`,
    );
}
