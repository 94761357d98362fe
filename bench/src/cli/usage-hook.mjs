// Preloaded (`node --import`) into each measured process: at exit it writes the process's own CPU time
// and peak resident set size to stderr as one marked JSON line, which the CLI benchmark reads.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const line = { cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssKB: usage.maxRSS };
  writeSync(2, `\nagent-ui-bench-usage ${JSON.stringify(line)}\n`);
});
