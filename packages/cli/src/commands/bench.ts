// `agent-ui bench`: our projector side by side with the AG-UI and AI SDK reducers (see bench/README.md).
// The bench package is loaded only when the command runs, so the peers' libraries never slow the CLI.
import type { Command, CommandIO } from "../command";

const USAGE =
  "agent-ui bench [--quick] [--sizes 1000,10000] [--reducers ids] [--cap-seconds 60] [--seed 1] [--out FILE | --no-write]";

export const benchCommand: Command = {
  name: "bench",
  summary: "Benchmark the projection against the AG-UI and AI SDK reducers (Markdown tables + JSON)",
  usage: `${USAGE}

  --quick            about 30 seconds: 1k/10k/100k, a 3 s cap for peers, single runs at 100k
  --sizes <list>     session sizes in envelope events (default 1000,5000,10000,20000,100000)
  --reducers <list>  ours-batch, ours-incremental, minimal, ag-ui, ai-sdk-stream, ai-sdk-chat
  --cap-seconds <n>  skip a peer at a size where one run would exceed this (default 60)
  --out <file>       JSON report path (default bench/results/latest.json); --no-write for none`,
  async run(args: string[], io: CommandIO): Promise<number> {
    const { benchMain } = await import("@agent-ui/bench");
    return benchMain(args, io);
  },
};
