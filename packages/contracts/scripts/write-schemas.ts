// Writes the generated JSON Schemas to packages/contracts/schemas/. Run after changing the envelope or
// projection types: `npx tsx packages/contracts/scripts/write-schemas.ts`. A test fails while the files
// on disk differ from the TypeScript-built schemas.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { agentUiEventSchema, projectionStateSchema } from "../src/index";

const targets = [
  ["../schemas/agentui-event.schema.json", agentUiEventSchema],
  ["../schemas/agentui-projection.schema.json", projectionStateSchema],
] as const;

for (const [relative, schema] of targets) {
  const path = fileURLToPath(new URL(relative, import.meta.url));
  writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
