// Codex `exec --experimental-json` / SDK ThreadEvents → Agent UI. Turns are runs; items are answer
// text, reasoning summaries, tool rows (commands, patches, MCP calls, web searches) and plans.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { BoundedTable, LimitNotices, type TableLimit, limitDiagnostics } from "../shared/bounded";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { type GrownText, grownSuffix, grownText } from "../shared/growing-text";
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import type { AdapterOptions, SourceAdapter } from "../types";
import { ITEM_TRANSLATORS, type ItemContext, type ItemPhase } from "./items";

export const CODEX_FORMAT = "codex";

/** Usage counters Codex reports per turn, as metric names. */
const USAGE_METRICS: readonly [string, string][] = [
  ["input_tokens", "tokens.input"],
  ["cached_input_tokens", "tokens.cached_input"],
  ["output_tokens", "tokens.output"],
  ["reasoning_output_tokens", "tokens.reasoning_output"],
];

interface ItemState {
  id: string;
  /** What a restated growing text needs kept: its length and tail, never the whole text. */
  streamed: GrownText;
  toolOpened: boolean;
}

/** Item ids of earlier turns remembered, to tell a reused id from a new one. */
export const MAX_EARLIER_ITEM_IDS = 4096;
/** Items of the current turn followed; completed ones forgotten first, then the oldest. */
export const MAX_TURN_ITEMS = 4096;

const SUFFIXED = "every item of the later turns is named <id>@turn<n>, whether or not its id was used before";
export const EARLIER_ITEM_IDS_LIMIT: TableLimit = {
  table: "earlier item id",
  cap: MAX_EARLIER_ITEM_IDS,
  consequence: SUFFIXED,
};
export const TURN_ITEMS_LIMIT: TableLimit = {
  table: "turn item",
  cap: MAX_TURN_ITEMS,
  consequence: `completed items are forgotten first, then the oldest; a forgotten item's next update restates its text so far (its final still replaces it), and ${SUFFIXED}`,
};

const EMPTY: GrownText = { length: 0, tail: "" };

class CodexAdapter implements SourceAdapter {
  readonly format = CODEX_FORMAT;
  private readonly emit: Emitter;
  private threadId: string | undefined;
  private turn = 0;
  private turnOpen = false;
  /** The stream error that already failed the open turn (the CLI's `turn.failed` restates it). */
  private failedMessage: string | undefined;
  /** Tables that reached their cap, each reported once. */
  private readonly limits = new LimitNotices();
  /** Items of the current turn by source id. */
  private readonly items = new BoundedTable<ItemState>(TURN_ITEMS_LIMIT, this.limits, true);
  /**
   * Ids of earlier turns, which Codex reuses (it numbers each turn's items from `item_0`): a reused id
   * names a new item `<id>@turn<n>`, a first-seen id keeps its own. Remembering every id would grow with
   * the stream, so past `MAX_EARLIER_ITEM_IDS` ids (or once an item of a turn was forgotten, its id with
   * it) the set is dropped and, from then on, every item of a later turn is suffixed: the ids stay
   * deterministic and never merge two items, at the cost of a suffix on an id that was not reused. Up to
   * the cap the ids are as without one (the first turn's always are).
   */
  private usedIds: Set<string> | undefined = new Set<string>();
  /** The first turn whose items are all suffixed (the set was dropped). */
  private suffixFrom = Number.POSITIVE_INFINITY;

  private readonly safeOptions: SafeOptions;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(CODEX_FORMAT, options);
    this.safeOptions = safeOptionsOf(options);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const type = readString(record, "type");
    const info: SourceInfo = { index, sourceType: type };
    const out = this.emit.guard(record, info, () => this.translate(record, type, info));
    for (const notice of limitDiagnostics(this.emit, this.limits, info, this.ids())) out.push(notice);
    return out;
  }

  finish(): AgentUiEvent[] {
    if (!this.turnOpen) return [];
    // A cut stream is legal (a client may stop reading); the turn's outcome is simply not known here.
    return [
      this.emit.diagnostic(
        "transport_unavailable",
        "info",
        "codex stream ended before the turn completed",
        {},
        this.ids(),
      ),
    ];
  }

  private ids(): EventFields {
    return this.threadId !== undefined ? { threadId: this.threadId } : {};
  }

  private translate(record: unknown, type: string | undefined, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(record) as JsonObject;
    switch (type) {
      case "thread.started":
        this.threadId = readString(body, "thread_id", "threadId") ?? this.threadId;
        return [this.emit.event("session.opened", { ...this.ids(), phase: "hydrating" }, info)];
      case "turn.started":
        return this.startTurn(info);
      case "turn.completed":
        return this.endTurn(body, info);
      case "turn.failed":
        return this.failTurn(readString(asRecord(body.error), "message") ?? "turn failed", undefined, info);
      case "error": {
        // A stream-level error is unrecoverable for the turn in progress (ThreadErrorEvent); the CLI
        // follows it with `turn.failed` for the same failure.
        const message = readString(body, "message") ?? "codex stream error";
        const out = [this.emit.diagnostic("runtime_error", "error", message, info, this.ids())];
        if (this.turnOpen) out.push(...this.failTurn(message, "stream_error", info));
        return out;
      }
      case "item.started":
      case "item.updated":
      case "item.completed":
        return this.onItem(body, type.slice(5) as ItemPhase, record, info);
      default:
        return [this.emit.unsupported(record, info)];
    }
  }

  private startTurn(info: SourceInfo): AgentUiEvent[] {
    this.turn++;
    this.rememberIds();
    this.items.clear();
    this.turnOpen = true;
    this.failedMessage = undefined;
    return [
      this.emit.event("run.started", { ...this.ids(), phase: "submitted" }, info),
      this.emit.event(
        "run.status",
        { ...this.ids(), phase: "preparing", payload: { status: "preparing" } },
        info,
      ),
    ];
  }

  /** The turn fails once: a `turn.failed` that restates the stream error before it adds nothing. */
  private failTurn(raw: string, category: string | undefined, info: SourceInfo): AgentUiEvent[] {
    const alreadyFailed = this.failedMessage;
    this.turnOpen = false;
    this.failedMessage = undefined;
    if (alreadyFailed !== undefined)
      // The run already failed on the stream error; a different text is still kept, as a diagnostic.
      return alreadyFailed === raw
        ? []
        : [this.emit.diagnostic("runtime_error", "error", raw, info, this.ids())];
    if (category !== undefined) this.failedMessage = raw;
    const { message, providerCategory } = providerError(raw);
    const payload = compact({ category: providerCategory ?? category, message });
    return [this.emit.event("run.failed", { ...this.ids(), phase: "failed", payload }, info)];
  }

  private endTurn(body: JsonObject, info: SourceInfo): AgentUiEvent[] {
    this.turnOpen = false;
    const out: AgentUiEvent[] = [];
    const usage = asRecord(body.usage);
    for (const [field, metricName] of USAGE_METRICS) {
      const value = readNumber(usage, field);
      if (value !== undefined)
        out.push(
          this.emit.event(
            "metric.changed",
            { ...this.ids(), metricName, payload: { value, unit: "tokens" } },
            info,
          ),
        );
    }
    out.push(
      this.emit.event(
        "run.finished",
        { ...this.ids(), phase: "completed", payload: { outcome: "success" } },
        info,
      ),
    );
    return out;
  }

  private onItem(body: JsonObject, phase: ItemPhase, record: unknown, info: SourceInfo): AgentUiEvent[] {
    const item = asRecord(body.item);
    const sourceId = readString(item, "id");
    const itemType = readString(item, "type");
    const translate = itemType !== undefined ? ITEM_TRANSLATORS[itemType] : undefined;
    if (item === undefined || translate === undefined)
      return [this.emit.unsupported(record, info, `item type ${itemType ?? "missing"} is not mapped`)];
    // A mapped item without its id cannot be followed across its phases: said as such, not as unmapped.
    if (sourceId === undefined)
      return [this.emit.unsupported(record, info, `item ${itemType} without an id`)];
    const current = this.itemState(sourceId);
    if (phase === "completed") this.items.close(sourceId);
    const fields = this.ids();
    const ctx: ItemContext = {
      id: current.id,
      phase,
      emit: (type, eventFields, key) =>
        this.emit.event(
          type,
          { ...fields, ...eventFields },
          {
            ...info,
            sourceType: `item.${phase}:${itemType}`,
            sourceEventId: `${this.threadId ?? "thread"}:${current.id}:${phase}${key !== undefined ? `:${key}` : ""}`,
          },
        ),
      appended: (text) => grownSuffix(current.streamed, text),
      setStreamed: (text) => {
        current.streamed = grownText(text);
      },
      toolOpened: () => current.toolOpened,
      safe: (value) => safeValue(value, this.safeOptions),
      markToolOpened: () => {
        current.toolOpened = true;
      },
    };
    return translate(item, ctx);
  }

  /** The item's state, new when the turn has not seen its id (or forgot it). */
  private itemState(sourceId: string): ItemState {
    const known = this.items.get(sourceId);
    if (known !== undefined) return known;
    const reused = this.turn >= this.suffixFrom || this.usedIds?.has(sourceId) === true;
    const id = reused ? `${sourceId}@turn${this.turn}` : sourceId;
    const state = { id, streamed: EMPTY, toolOpened: false };
    // A full table forgets an item, and with it an id a later turn may reuse: later turns are suffixed.
    if (this.items.size >= MAX_TURN_ITEMS) this.suffixFrom = Math.min(this.suffixFrom, this.turn + 1);
    this.items.set(sourceId, state);
    return state;
  }

  /** The ids of the turn that ended, for the turns after it (none once they are all suffixed). */
  private rememberIds(): void {
    if (this.turn >= this.suffixFrom) this.usedIds = undefined;
    if (this.usedIds === undefined) return;
    for (const [id] of this.items.entriesInOrder()) {
      if (this.usedIds.size < MAX_EARLIER_ITEM_IDS || this.usedIds.has(id)) this.usedIds.add(id);
      else {
        this.limits.report(EARLIER_ITEM_IDS_LIMIT);
        this.suffixFrom = this.turn;
        this.usedIds = undefined;
        return;
      }
    }
  }
}

/**
 * Codex passes a provider's error body through as the message text (`{"error":{"message":…,"type":…}}`).
 * The user sees the provider's own message and its type as the category; any other text stays as it is.
 */
function providerError(raw: string): { message: string; providerCategory?: string } {
  if (!raw.startsWith("{")) return { message: raw };
  try {
    const error = asRecord(asRecord(JSON.parse(raw))?.error);
    const message = readString(error, "message");
    if (message === undefined) return { message: raw };
    const providerCategory = readString(error, "type", "code");
    return providerCategory !== undefined ? { message, providerCategory } : { message };
  } catch {
    return { message: raw };
  }
}

export function createCodexAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new CodexAdapter(options);
}
