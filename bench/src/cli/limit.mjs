// The limit `agent-ui project` is measured against: the least a correct projection of a JSONL file can
// do, with the built packages and nothing else — read it line by line (node:readline), JSON.parse each
// line, push it through the source's adapter, redact each event (the ingest policy every path applies)
// and fold it into one projector, then print the state as `agent-ui project` prints it. No detection, no
// framing diagnostics, no bounds, no time travel.
// Usage: node limit.mjs <format> <file.jsonl>
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { findAdapter } from "@agent-ui/adapters";
import { redact } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";

const [format, file] = process.argv.slice(2);
const adapter = findAdapter(format).create();
const projector = createProjector();
let index = 0;
let line = 0;
for await (const text of createInterface({
  input: createReadStream(file),
  crlfDelay: Number.POSITIVE_INFINITY,
})) {
  line++;
  if (text.trim() === "") continue;
  for (const event of adapter.push(JSON.parse(text), index++, { line })) projector.apply(redact(event).value);
}
for (const event of adapter.finish()) projector.apply(redact(event).value);
process.stdout.write(`${JSON.stringify(projector.getState(), null, 2)}\n`);
