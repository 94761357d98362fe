// The runtime source kinds this package ships: the live protocol connectors, replay and push. The demo
// runtime is its own package (`@agent-ui/demo`); a host adds it to the list it hands the gateway.
import { a2aConnector } from "./a2a-connector";
import { agUiConnector } from "./ag-ui-connector";
import { aiSdkConnector } from "./ai-sdk-connector";
import { pushSource } from "./push-source";
import { type ReplayOptions, replaySource } from "./replay-source";
import type { RuntimeSourceFactory } from "@agent-ui/contracts";
import type { UpstreamPolicy } from "./upstream-policy";

export interface BuiltInSourceOptions {
  /** Where replay files may be read from; without `root`, only inline `config.records` replay. */
  replay?: ReplayOptions;
  /** Private upstreams the AG-UI, AI SDK and A2A connectors may reach (default: loopback and public only). */
  upstream?: UpstreamPolicy;
}

export function builtInSources(options: BuiltInSourceOptions = {}): RuntimeSourceFactory[] {
  return [
    agUiConnector(options.upstream),
    aiSdkConnector(options.upstream),
    a2aConnector(options.upstream),
    replaySource(options.replay),
    pushSource,
  ];
}
