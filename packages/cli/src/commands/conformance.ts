// `agent-ui conformance`: runs the standard's conformance suite against this toolkit's adapters and
// projection. One line per case, failures indented below, a final count; exit 1 on any failure.
import { runConformance } from "@agent-ui/conformance";
import type { Command, CommandIO } from "../command";

const USAGE = "agent-ui conformance [--json] [--shared <dir>] [--id <case-id>]…";

export const conformanceCommand: Command = {
  name: "conformance",
  usage: `${USAGE}

  --json          print the results as JSON
  --shared <dir>  the standard's shared folder holding fixtures/ (default: AGENT_UI_SHARED_DIR or ../shared)
  --id <case-id>  run only this case (repeatable)`,
  async run(args: string[], io: CommandIO): Promise<number> {
    let json = false;
    let sharedDir: string | undefined;
    const ids: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === "--json") json = true;
      else if ((arg === "--shared" || arg === "--id") && args[i + 1] !== undefined) {
        if (arg === "--shared") sharedDir = args[++i];
        else ids.push(args[++i]);
      } else {
        io.stderr(`agent-ui conformance: unexpected argument '${arg}'\nUsage: ${USAGE}`);
        return 2;
      }
    }
    const report = runConformance({ sharedDir, ids: ids.length > 0 ? ids : undefined });
    if (ids.length > 0 && report.results.length === 0) {
      io.stderr(`agent-ui conformance: no case matches ${ids.join(", ")}`);
      return 2;
    }
    if (json) io.stdout(JSON.stringify(report, null, 2));
    else {
      const lines: string[] = [];
      for (const r of report.results) {
        lines.push(
          `${r.passed ? "PASS" : "FAIL"} ${r.id} ${r.title}${r.knownGap && !r.passed ? ` (known gap: ${r.knownGap})` : ""}`,
        );
        for (const failure of r.failures) lines.push(`    ${failure}`);
      }
      lines.push(`${report.passed} passed, ${report.failed} failed`);
      io.stdout(lines.join("\n"));
    }
    return report.failed > 0 ? 1 : 0;
  },
};
