// Frames a recording as it is read, slice by slice, so a replay of a million lines never holds or parses
// the whole file in one turn of the event loop. The contracts' incremental framer (`createRecordFramer`)
// decides the format from the head as `parseRecords` decides it for the whole text, numbers lines and
// records across chunks, streams JSONL and data stream lines, SSE frames and the elements of a JSON
// array, and bounds every record: a line, frame or element longer than the limit is skipped with an
// `unparseable_input` diagnostic naming its line, and reading goes on with the next one.
import {
  createRecordFramer,
  type Diagnostic,
  type FramedRecord,
  type RecordFramerOptions,
} from "@agent-ui/contracts";

export interface FramedSlice {
  records: FramedRecord[];
  diagnostics: Diagnostic[];
}

/** Frames `chunks` (the recording's text as read) into slices of records, in order: one slice per chunk
 * that completed a record or a diagnostic. */
export async function* frameRecording(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: RecordFramerOptions = {},
): AsyncGenerator<FramedSlice> {
  let slice: FramedSlice = { records: [], diagnostics: [] };
  const framer = createRecordFramer(
    {
      record: (record) => slice.records.push(record),
      diagnostic: (diagnostic) => slice.diagnostics.push(diagnostic),
    },
    options,
  );
  const take = (): FramedSlice | undefined => {
    if (slice.records.length === 0 && slice.diagnostics.length === 0) return undefined;
    const taken = slice;
    slice = { records: [], diagnostics: [] };
    return taken;
  };
  for await (const chunk of chunks) {
    framer.push(chunk);
    const taken = take();
    if (taken) yield taken;
  }
  framer.end();
  const last = take();
  if (last) yield last;
}
