// The runtime source kinds `agent-ui serve` offers. The embedded demo runtime registers here too.
import { demoSource } from "../demo";
import { a2aConnector } from "./a2a-connector";
import { agUiConnector } from "./ag-ui-connector";
import { aiSdkConnector } from "./ai-sdk-connector";
import { langGraphConnector } from "./langgraph-connector";
import { pushSource } from "./push-source";
import { type ReplayOptions, replaySource } from "./replay-source";
import type { RuntimeSourceFactory } from "./runtime-source";
import type { UpstreamPolicy } from "./upstream-policy";

export interface BuiltInSourceOptions {
  /** Where replay files may be read from; without `root`, only inline `config.records` replay. */
  replay?: ReplayOptions;
  /** Private upstreams the upstream connectors (AG-UI, AI SDK, A2A, LangGraph) may reach (default: loopback and public only). */
  upstream?: UpstreamPolicy;
}

export function builtInSources(options: BuiltInSourceOptions = {}): RuntimeSourceFactory[] {
  return [
    demoSource,
    agUiConnector(options.upstream),
    aiSdkConnector(options.upstream),
    a2aConnector(options.upstream),
    langGraphConnector(options.upstream),
    replaySource(options.replay),
    pushSource,
  ];
}
