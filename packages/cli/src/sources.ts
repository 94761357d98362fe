// The runtime source kinds `agent-ui start` and `agent-ui serve` offer, composed here and nowhere else:
// the demo runtime, the live protocol connectors (AG-UI, AI SDK, A2A, LangGraph), replay of recorded files, and push ingest.
import {
  a2aConnector,
  agUiConnector,
  aiSdkConnector,
  langGraphConnector,
  replaySource,
} from "@agent-ui/connectors";
import { demoSource } from "@agent-ui/demo";
import { pushSource, type RuntimeSourceFactory } from "@agent-ui/server";

export interface SourceOptions {
  /** `--replay-dir`: where replay files may be read from (without it, only inline records replay). */
  replayDir?: string;
  /** `--upstream-allow`: private upstreams the connectors may reach (default: loopback and public only). */
  upstreamAllow?: readonly string[];
}

export function agentUiSources(options: SourceOptions = {}): RuntimeSourceFactory[] {
  const upstream = { allow: options.upstreamAllow };
  return [
    demoSource,
    agUiConnector(upstream),
    aiSdkConnector(upstream),
    a2aConnector(upstream),
    langGraphConnector(upstream),
    replaySource({ root: options.replayDir }),
    pushSource,
  ];
}
