// Test support: the incremental record framer with its records (value, index, meta) and diagnostic
// messages collected, and a whole run of it over chunks.
import { type FramedRecord, type RecordFramer, createRecordFramer } from "../src/index";

export interface Framed {
  framer: RecordFramer;
  records: [unknown, number, FramedRecord["meta"]][];
  diagnostics: string[];
}

export function framed(maxRecordChars?: number): Framed {
  const records: Framed["records"] = [];
  const diagnostics: string[] = [];
  const framer = createRecordFramer(
    {
      record: (r) => records.push([r.value, r.index, r.meta]),
      diagnostic: (d) => diagnostics.push(d.message),
    },
    { maxRecordChars },
  );
  return { framer, records, diagnostics };
}

/** The chunks pushed one by one, then the end: the format, records and diagnostics. */
export function run(chunks: readonly string[], maxRecordChars?: number) {
  const f = framed(maxRecordChars);
  for (const chunk of chunks) f.framer.push(chunk);
  f.framer.end();
  return { format: f.framer.format, records: f.records, diagnostics: f.diagnostics };
}
