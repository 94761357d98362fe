import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { AGUI_FORMAT, AGUI_HANDLERS, AguiAdapter } from "./adapter";

/** AG-UI events are `{type: "SCREAMING_CASE", …}`; the known names are certain, the shape alone is a hint. */
export function detectAgui(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined) return 0;
  if (AGUI_HANDLERS[type] !== undefined) return type === "CUSTOM" || type === "RAW" ? 0.8 : 0.95;
  return /^[A-Z][A-Z_]+$/.test(type) ? 0.3 : 0;
}

export const aguiAdapter: AdapterModule = {
  format: AGUI_FORMAT,
  description:
    "AG-UI 1.0 events (and the 0.0.x CopilotKit dialect): runs, text, reasoning, tools, interrupts/resume, state, activities, subagents",
  create: (options) => new AguiAdapter(options),
  detect: detectAgui,
};

export { AguiAdapter, AGUI_FORMAT, AGUI_HANDLERS } from "./adapter";
