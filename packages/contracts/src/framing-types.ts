/** Transport metadata of one framed source record (an SSE frame's `event:` and `id:` lines, a line number). */
export interface RecordMeta {
  sseEvent?: string;
  sseId?: string;
  line?: number;
}

/** One source record as framing found it: JSONL line, array element, single object or SSE `data:` frame. */
export interface FramedRecord {
  value: unknown;
  index: number;
  meta: RecordMeta;
}
