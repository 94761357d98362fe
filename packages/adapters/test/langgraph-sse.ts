// Test helper: LangGraph stream chunks written as raw Agent Server SSE text, the wire shape of
// `POST /threads/{id}/runs/stream` (`event: mode|ns…`, `data:`, `id:`). Each run opens with its
// `metadata` event, counts its ids from 0 (ids are only unique within one run's stream) and closes
// with the server's `end` event (what `@langchain/langgraph-sdk` reads as "run ended").
export type LangGraphTuple = [string[], string, unknown];

export function sseText(runId: string, list: LangGraphTuple[]): string {
  const frames: [string, unknown][] = [
    ["metadata", { run_id: runId, attempt: 1 }],
    ...list.map(([ns, mode, data]): [string, unknown] => [[mode, ...ns].join("|"), data]),
    ["end", null],
  ];
  return frames
    .map(([event, data], id) => `event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`)
    .join("");
}
