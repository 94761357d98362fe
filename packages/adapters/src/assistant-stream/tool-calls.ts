// Tool calls as both assistant-ui wires write them: started with a name, arguments streamed as JSON text,
// the arguments closed (explicitly, or implied by the result), an approval gate set or answered, a result
// that may be an error or preliminary. Translated into the UI message stream's tool chunks, each fact once.
import { MAX_ARGUMENT_CHARS, argumentText } from "../shared/argument-text";
import { BoundedTable, LimitNotices } from "../shared/bounded";
import type { CappedText } from "../shared/capped-text";
import { type JsonObject, compact, parseJson, readBoolean, readString } from "../shared/record";
import { previewOf } from "../shared/safe-payload";
import type { BridgedChunk } from "./bridge";

interface ToolCall {
  toolName: string;
  parentId?: string;
  /** Argument text, joined once when the arguments close. */
  args: CappedText;
  inputAvailable: boolean;
}

/** Tool calls remembered; those with a final result are forgotten first, then the oldest. */
export const MAX_BRIDGED_TOOL_CALLS = 4096;

export class ToolCalls {
  private readonly calls: BoundedTable<ToolCall>;

  constructor(private readonly limits: LimitNotices = new LimitNotices()) {
    this.calls = new BoundedTable(
      {
        table: "tool call",
        cap: MAX_BRIDGED_TOOL_CALLS,
        consequence:
          "calls with a result are forgotten first, then the oldest; a forgotten call's later chunks are dropped",
        warnOnlyForOpen: true,
      },
      limits,
      true,
    );
  }

  has(toolCallId: string): boolean {
    return this.calls.has(toolCallId);
  }

  start(toolCallId: string, toolName: string, parentId?: string): BridgedChunk[] {
    if (this.calls.has(toolCallId)) return [];
    const args = argumentText(this.limits);
    this.calls.set(toolCallId, { toolName, parentId, args, inputAvailable: false });
    return [this.wrap(toolCallId, { type: "tool-input-start", toolCallId, toolName })];
  }

  argsDelta(toolCallId: string, delta: string): BridgedChunk[] {
    const call = this.calls.get(toolCallId);
    if (call === undefined || call.inputAvailable || delta === "") return [];
    call.args.append(delta);
    return [this.wrap(toolCallId, { type: "tool-input-delta", toolCallId, inputTextDelta: delta })];
  }

  /** The arguments are complete: parsed from the streamed text, or the ones the source states. */
  inputAvailable(toolCallId: string, stated?: unknown): BridgedChunk[] {
    const call = this.calls.get(toolCallId);
    if (call === undefined || call.inputAvailable) return [];
    call.inputAvailable = true;
    const text = call.args.take();
    const base = { toolCallId, toolName: call.toolName };
    if (stated !== undefined)
      return [this.wrap(toolCallId, { type: "tool-input-available", ...base, input: stated })];
    if (call.args.cut)
      return [
        this.wrap(toolCallId, {
          type: "tool-input-error",
          ...base,
          input: previewOf(text),
          errorText: `the streamed tool arguments passed ${MAX_ARGUMENT_CHARS} characters; the rest was not kept`,
        }),
      ];
    const input = text.trim() === "" ? {} : parseJson(text);
    if (input === undefined)
      return [
        this.wrap(toolCallId, {
          type: "tool-input-error",
          ...base,
          input: text,
          errorText: "the streamed tool arguments are not valid JSON",
        }),
      ];
    return [this.wrap(toolCallId, { type: "tool-input-available", ...base, input })];
  }

  /** An approval gate (`{id, approved?, reason?, isAutomatic?}`): requested while `approved` is unset,
   * answered once it is. */
  approval(toolCallId: string, approval: unknown): BridgedChunk[] {
    const approvalId = readString(approval, "id");
    if (approvalId === undefined || !this.calls.has(toolCallId)) return [];
    const approved = readBoolean(approval, "approved");
    if (approved === undefined)
      return [
        this.wrap(
          toolCallId,
          compact({
            type: "tool-approval-request",
            approvalId,
            toolCallId,
            isAutomatic: readBoolean(approval, "isAutomatic"),
            reason: readString(approval, "prompt", "requestReason"),
          }),
        ),
      ];
    return [
      this.wrap(
        toolCallId,
        compact({
          type: "tool-approval-response",
          approvalId,
          approved,
          reason: readString(approval, "reason"),
        }),
      ),
    ];
  }

  /** A result closes the arguments first (assistant-stream may send the result before it). */
  result(toolCallId: string, record: JsonObject): BridgedChunk[] {
    if (!this.calls.has(toolCallId)) return [];
    const out = this.inputAvailable(toolCallId);
    if (record.isPreliminary !== true) this.calls.close(toolCallId);
    const result = record.result;
    if (record.isError === true)
      out.push(
        this.wrap(toolCallId, {
          type: "tool-output-error",
          toolCallId,
          errorText:
            typeof result === "string"
              ? result
              : result === undefined || result === null
                ? "tool error"
                : JSON.stringify(result),
        }),
      );
    else
      out.push(
        this.wrap(
          toolCallId,
          compact({
            type: "tool-output-available",
            toolCallId,
            output: result ?? null,
            preliminary: record.isPreliminary === true ? true : undefined,
          }),
        ),
      );
    return out;
  }

  private wrap(toolCallId: string, chunk: JsonObject): BridgedChunk {
    const parentId = this.calls.get(toolCallId)?.parentId;
    return parentId !== undefined ? { chunk, parentId } : { chunk };
  }
}
