// The text of the team's report artifact: the coder's draft (v1) and the coordinator's merge of the
// research notes (v2). Real text, so the diff between versions and the exported file have content.

export const REPORT_V1 = [
  "# Final text reconciliation",
  "",
  "While a model streams, each delta appends a small chunk to one text part.",
  "When the model completes, the final text replaces the streamed text instead of being appended.",
  "The answer therefore appears exactly once, even when deltas were lost or repeated.",
  "",
  "## Rule",
  "",
  "- deltas append while the part is streaming",
  "- the final text replaces them (TEXT-04)",
  "- tool output stays in its tool row and never leaks into the answer",
].join("\n");

export const REPORT_V2 = [
  "# Final text reconciliation",
  "",
  "While a model streams, each delta appends a small chunk to one text part.",
  "When the model completes, the final text replaces the streamed text instead of being appended.",
  "The answer therefore appears exactly once, even when deltas were lost or repeated.",
  "",
  "## Sources",
  "",
  "- AG-UI: TEXT_MESSAGE_CONTENT deltas, no final text event; the last delta ends the message",
  "- AI SDK UI stream: text-delta parts closed by text-end",
  "- Lime AgentRuntime: model.delta chunks reconciled by model.completed",
  "",
  "## Rule",
  "",
  "- deltas append while the part is streaming",
  "- the final text replaces them (TEXT-04)",
  "- tool output stays in its tool row and never leaks into the answer",
].join("\n");

/** The follow-up the coordinator leaves on the work board for someone to pick up (an `assign` target). */
export const BACKLOG_ITEM = "Add a peer comparison table to report.md";
