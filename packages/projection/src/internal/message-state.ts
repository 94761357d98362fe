// Internal message and part records. Text is kept as an array of verbatim chunks and joined lazily when a
// view is built (TEXT-03: no whole-text copy per delta, no inserted spaces, no regex over the text).
import {
  type FactSource,
  type GrowingTextRedaction,
  type Message,
  type MessagePart,
  type MessageRole,
  type PartKind,
  redactGrowingText,
  withoutTrailingSecretStart,
} from "@agent-ui/contracts";
import { copyPlain } from "./json";

export interface PartState extends Omit<MessagePart, "text"> {
  /** Verbatim text chunks; `null` for parts without text. */
  chunks: string[] | null;
  /** Detail text kept out of the view when policy forbids it (TEXT-07). */
  hidden?: boolean;
  rev: number;
}

export interface MessageState {
  /** Stable internal key: survives the optimistic → runtime id reconciliation (ENV-07). */
  key: string;
  id: string;
  role: MessageRole;
  agentId?: string;
  turnId?: string;
  runId?: string;
  optimistic?: boolean;
  createdAt?: string;
  /** Usage the runtime reported for this answer's turn (families/turn-usage.ts). */
  usage?: Record<string, number>;
  parts: PartState[];
  partsById: Map<string, PartState>;
  source?: FactSource;
  /** The lowest index `nextPartId` may still hand out (message-ops.ts). */
  partFloor?: number;
}

export const PROCESS_KINDS: ReadonlySet<PartKind> = new Set<PartKind>([
  "reasoning_summary",
  "reasoning_detail",
  "plan",
  "tool_call",
  "tool_result",
  "action_required",
  "context_event",
  "agent_task",
  "agent_handoff",
  "file_change",
]);

export function newPart(id: string, kind: PartKind, source: FactSource | undefined): PartState {
  const part: PartState = { id, kind, status: "streaming", chunks: null, rev: 0 };
  if (source !== undefined) part.source = source;
  return part;
}

export function partText(part: PartState): string {
  if (part.chunks === null || part.chunks.length === 0) return "";
  if (part.chunks.length > 1) {
    // Concatenate into one (V8 rope) string and keep it, so a read costs O(new chunks) and never copies
    // the text streamed so far; the rope is flattened once, by whoever renders it.
    let text = part.chunks[0];
    for (let i = 1; i < part.chunks.length; i++) text += part.chunks[i];
    part.chunks.length = 0;
    part.chunks.push(text);
  }
  return part.chunks[0];
}

const partViews = new WeakMap<PartState, { rev: number; view: MessagePart }>();
const partRedactions = new WeakMap<PartState, { chunks: string[]; redaction: GrowingTextRedaction }>();

/** The part's text as it may be shown (SEC-01/02): the redaction of everything streamed so far, so a
 * secret split across deltas is caught whole; while the part streams, a trailing fragment that could be
 * the start of a secret waits for the rest. Incremental: only the text after the last safe cut is
 * scanned again. */
export function safePartText(part: PartState): string {
  const chunks = part.chunks;
  if (chunks === null) return "";
  // Deltas append to the same chunks array; a final or snapshot replaces the array.
  const previous = partRedactions.get(part);
  const appended = previous !== undefined && previous.chunks === chunks;
  const redaction = redactGrowingText(partText(part), appended ? previous.redaction : undefined, true);
  partRedactions.set(part, { chunks, redaction });
  return part.status === "streaming" ? withoutTrailingSecretStart(redaction.text) : redaction.text;
}

export function partView(part: PartState): MessagePart {
  const cached = partViews.get(part);
  if (cached !== undefined && cached.rev === part.rev) return cached.view;
  const view: MessagePart = { id: part.id, kind: part.kind, status: part.status };
  if (part.chunks !== null && !part.hidden) view.text = safePartText(part);
  for (const key of Object.keys(part) as (keyof PartState)[]) {
    if (
      key === "chunks" ||
      key === "hidden" ||
      key === "rev" ||
      key === "id" ||
      key === "kind" ||
      key === "status"
    )
      continue;
    const value = part[key];
    if (value === undefined) continue;
    (view as unknown as Record<string, unknown>)[key] =
      value !== null && typeof value === "object" ? copyPlain(value) : value;
  }
  partViews.set(part, { rev: part.rev, view });
  return view;
}

/** A message's own optional fields, in the order its view lists them. */
const MESSAGE_FIELDS = ["agentId", "turnId", "runId", "optimistic", "createdAt", "usage", "source"] as const;

type MessageFields = Partial<Pick<Message, (typeof MESSAGE_FIELDS)[number]>>;

/** Copies the fields of `MESSAGE_FIELDS` that `from` has onto `to`: objects copied, `optimistic` only when
 * true (a stored message and the state restored from it, a state and its view). */
export function copyMessageFields(from: MessageFields, to: MessageFields): void {
  for (const field of MESSAGE_FIELDS) {
    const value = from[field];
    if (value != null && value !== false)
      (to as Record<string, unknown>)[field] = typeof value === "object" ? { ...value } : value;
  }
}

export function messageView(message: MessageState): Message {
  const view: Message = { id: message.id, role: message.role, parts: message.parts.map(partView) };
  copyMessageFields(message, view);
  return view;
}
