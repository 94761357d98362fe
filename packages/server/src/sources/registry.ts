// The runtime source kinds `agent-ui serve` offers. The embedded demo runtime registers here too.
import { demoSource } from "../demo";
import { agUiSource } from "./ag-ui-connector";
import { aiSdkSource } from "./ai-sdk-connector";
import { type ReplayOptions, replaySource } from "./replay-source";
import type { RuntimeSourceFactory } from "./runtime-source";

export function builtInSources(options: { replay?: ReplayOptions } = {}): RuntimeSourceFactory[] {
  return [demoSource, agUiSource, aiSdkSource, replaySource(options.replay)];
}
