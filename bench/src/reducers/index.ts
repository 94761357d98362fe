import { agUiPipeline } from "./ag-ui";
import { aiSdkChat, aiSdkReadStream } from "./ai-sdk";
import { minimalReducer } from "./minimal";
import { oursBatch, oursIncremental } from "./ours";
import type { ReducerUnderTest } from "./types";

export type { ReducerUnderTest, Probe } from "./types";

/** Every reducer the benchmark compares, ours first (the ratio column divides by `ours-batch`). */
export const REDUCERS: readonly ReducerUnderTest[] = [
  oursBatch,
  oursIncremental,
  minimalReducer,
  agUiPipeline,
  aiSdkReadStream,
  aiSdkChat,
];

export function reducerById(id: string): ReducerUnderTest | undefined {
  return REDUCERS.find((r) => r.id === id);
}
