// Projects a recorded agent stream (AG-UI JSON lines by default) into Agent UI state and prints the answer.
//   node project.mjs [file] [format]     e.g. node project.mjs run.jsonl ag-ui
import { readFile } from "node:fs/promises";
import { adaptRecords } from "@agent-ui/adapters";
import { parseRecords } from "@agent-ui/contracts";
import { createProjector, selectAnswerText } from "@agent-ui/projection";

const [file = new URL("./run.jsonl", import.meta.url), format = "auto"] = process.argv.slice(2);
const { records } = parseRecords(await readFile(file, "utf8"));
const { events, detected } = adaptRecords(records, format, { sessionId: "example" });

const projector = createProjector();
projector.applyAll(events);
const state = projector.getState();

console.log(`format: ${detected?.format ?? format}, ${events.length} events`);
console.log(`status: ${state.runtime.status}`);
console.log(`answer: ${selectAnswerText(state)}`);
