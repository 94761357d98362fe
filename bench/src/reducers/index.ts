// Every reducer the benchmark compares, ours first (the ratio column divides by `ours-batch`). Peers are
// loaded on demand: a child measuring our projector never pays for loading the AI SDK or AG-UI.
import type { ReducerUnderTest } from "./types";

export type { ReducerUnderTest, Probe } from "./types";

const LOADERS: Record<string, () => Promise<ReducerUnderTest>> = {
  "ours-batch": async () => (await import("./ours")).oursBatch,
  "ours-incremental": async () => (await import("./ours")).oursIncremental,
  minimal: async () => (await import("./minimal")).minimalReducer,
  "ag-ui": async () => (await import("./ag-ui")).agUiPipeline,
  "ai-sdk-stream": async () => (await import("./ai-sdk")).aiSdkReadStream,
  "ai-sdk-chat": async () => (await import("./ai-sdk")).aiSdkChat,
};

export const REDUCER_IDS: readonly string[] = Object.keys(LOADERS);

export function loadReducer(id: string): Promise<ReducerUnderTest> | undefined {
  return LOADERS[id]?.();
}
