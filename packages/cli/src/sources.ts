// The runtime source kinds `agent-ui start` and `agent-ui serve` offer, composed here and nowhere else:
// the demo runtime, the live protocol connectors, replay of recorded files, and push ingest.
import { demoSource } from "@agent-ui/demo";
import { builtInSources, type RuntimeSourceFactory } from "@agent-ui/server";

export interface SourceOptions {
  /** `--replay-dir`: where replay files may be read from (without it, only inline records replay). */
  replayDir?: string;
  /** `--upstream-allow`: private upstreams the connectors may reach. */
  upstreamAllow?: readonly string[];
}

export function agentUiSources(options: SourceOptions = {}): RuntimeSourceFactory[] {
  return [
    demoSource,
    ...builtInSources({ replay: { root: options.replayDir }, upstream: { allow: options.upstreamAllow } }),
  ];
}
