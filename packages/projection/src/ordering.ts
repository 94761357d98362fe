// Ordering and identity gate (ORD-01/02/05, HYD-10). Duplicates by eventId are ignored; events are applied
// in `sequence` order per stream (`streamKeyOf`); an event ahead of a gap is held (never lost) until the
// missing events or a repair snapshot arrive. A stream's baseline comes from hydration (a cursor), from
// `expectStreamStart`, or else from the first event seen (a client may join a stream mid-way).
// A snapshot-style source restates facts with their stream ids but no sequence; when the live stream
// later delivers the same id with a sequence, the fact is not applied again but its slot is filled, so
// the events behind it are not held back by a gap that never closes (ORD-01/02, HYD-09).
import type { AgentUiEvent, Cursor, SequenceGap } from "@agent-ui/contracts";
import { setOwn, streamKeyOf } from "@agent-ui/contracts";
import { type ProvedStream, SeenIds } from "./internal/seen-ids";

interface StreamState extends ProvedStream {
  /** Sequences below this are covered by a hydrated snapshot: replays of them are dropped silently. */
  coveredBelow: number;
  /** Baseline came from the first event (not from hydration): earlier events are late arrivals. */
  joined: boolean;
  /** First sequence applied in order (events below a joined baseline are late arrivals). */
  first: number | null;
  last: number | null;
  /** Events waiting behind a gap (some only to fill their slot: `OrderingGate.slotFills`). */
  held: Map<number, AgentUiEvent>;
  /** A `stream:<id>` stale section is set while events are held. */
  gapMarked: boolean;
}

export type LateKind = "late" | "duplicate_sequence";

export interface GateCallbacks {
  apply(event: AgentUiEvent): void;
  /** An unseen event below the applied frontier: applied (never lost) but flagged. */
  late(event: AgentUiEvent, kind: LateKind): void;
  /** A sequenced copy of an event already applied without a sequence filled its slot (not re-applied). */
  filled?(event: AgentUiEvent): void;
  /** An event dropped as a duplicate by id (its copy may still state what the first lacked). */
  duplicate?(event: AgentUiEvent): void;
}

export class OrderingGate {
  private readonly streams = new Map<string, StreamState>();
  private readonly seen: SeenIds;
  /** Held events whose fact was already applied as a restatement: released, they only fill their slot. */
  private readonly slotFills = new WeakSet<AgentUiEvent>();
  private heldCount = 0;
  private viewCache: Cursor | null = null;
  lastSequence: number | null = null;
  eventCount = 0;
  readonly staleSections = new Set<string>();

  constructor(
    private readonly callbacks: GateCallbacks,
    private readonly expectStreamStart: number | undefined,
    /** `false` remembers every id in a Set (the reference behaviour the id proof is tested against). */
    idProof = true,
  ) {
    this.seen = new SeenIds(idProof);
  }

  /** Admits one event: applies it now, holds it behind a gap, or drops it as a duplicate. */
  admit(event: AgentUiEvent): void {
    const sequence = event.sequence;
    const id = event.eventId;
    if (typeof sequence !== "number") {
      if (typeof id === "string" && !this.seen.admitUnsequenced(id)) {
        this.callbacks.duplicate?.(event);
        return;
      }
      this.applyNow(event, null);
      return;
    }
    const key = streamKeyOf(event);
    const stream = this.stream(key);
    if (typeof id === "string") {
      const start = this.expectStreamStart;
      const appliesNow =
        stream.expected === null ? start === undefined || sequence <= start : sequence === stream.expected;
      if (!this.seen.admitSequenced(stream, id, sequence, appliesNow)) {
        if (this.seen.claimSlot(id)) this.fillSlot(key, stream, event, sequence);
        else this.callbacks.duplicate?.(event);
        return;
      }
    } else this.seen.admitWithoutId(stream);
    const expected = this.baseline(stream, sequence);
    if (sequence < expected) {
      if (sequence < stream.coveredBelow) return; // replay of a fact the snapshot already holds
      if (stream.joined && sequence < (stream.first ?? Number.POSITIVE_INFINITY)) {
        this.callbacks.late(event, "late");
        this.applyNow(event, null);
      } else this.callbacks.late(event, "duplicate_sequence");
      return;
    }
    if (sequence > expected) {
      this.hold(key, stream, event, sequence);
      return;
    }
    this.applyInOrder(key, stream, event);
  }

  /** Sets a stream's baseline from a hydrated cursor: events at or below `lastApplied` are covered. */
  setBaseline(key: string, lastApplied: number): void {
    const stream = this.stream(key);
    stream.coveredBelow = Math.max(stream.coveredBelow, lastApplied + 1);
    stream.joined = false;
    if (stream.expected === null || stream.expected <= lastApplied) {
      this.seen.beforeJump(stream, lastApplied + 1);
      stream.expected = lastApplied + 1;
    }
    stream.last = Math.max(stream.last ?? lastApplied, lastApplied);
    for (const sequence of stream.held.keys()) {
      if (sequence <= lastApplied) {
        stream.held.delete(sequence);
        this.heldCount--;
      }
    }
    this.viewCache = null;
    this.drain(key, stream);
  }

  /** A repair snapshot arrived: the gaps are covered, so held events apply in sequence order. */
  repairAll(): void {
    if (this.heldCount === 0) return;
    for (const [key, stream] of this.streams) {
      if (stream.held.size === 0) continue;
      const sequences = Array.from(stream.held.keys()).sort((a, b) => a - b);
      this.seen.beforeJump(stream, sequences[0]);
      stream.expected = sequences[0];
      this.drain(key, stream);
    }
  }

  /** A snapshot was hydrated that reflects `eventCount` events (its own count), the last of them at
   * `lastSequence`. `cursor.eventCount` is the number of events the state reflects — the snapshot's count
   * plus the events applied after it — so two clients at the same log head show the same cursor whichever
   * snapshot each hydrated from (HYD-09). The larger count wins: the events this projector applied before
   * are covered by the snapshot (an older one is refused as stale before it gets here). */
  coverSnapshot(eventCount: number, lastSequence: number | null): void {
    if (eventCount > this.eventCount) this.eventCount = eventCount;
    if (lastSequence !== null) this.lastSequence = lastSequence;
    this.viewCache = null;
  }

  streamBaselines(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [key, stream] of this.streams) if (stream.last !== null) setOwn(out, key, stream.last);
    return out;
  }

  /** How many event ids the gate keeps in memory to drop duplicates (ORD-02): in-order events whose ids
   * are their stream's prefix + sequence add none, so memory does not grow with a well-formed stream. */
  rememberedIds(): number {
    return this.seen.size;
  }

  markChanged(): void {
    this.viewCache = null;
  }

  cursor(): Cursor {
    if (this.viewCache !== null) return this.viewCache;
    const gaps: SequenceGap[] = [];
    const streams: Record<string, number> = {};
    for (const [key, stream] of this.streams) {
      if (stream.last !== null) setOwn(streams, key, stream.last);
      if (stream.held.size > 0 && stream.expected !== null) {
        let first = Number.POSITIVE_INFINITY;
        for (const sequence of stream.held.keys()) if (sequence < first) first = sequence;
        gaps.push({ streamId: key, from: stream.expected, to: first - 1 });
      }
    }
    const staleSections = Array.from(this.staleSections);
    this.viewCache = {
      lastSequence: this.lastSequence,
      streams,
      gaps,
      stale: gaps.length > 0 || staleSections.length > 0,
      staleSections,
      eventCount: this.eventCount,
    };
    return this.viewCache;
  }

  private stream(key: string): StreamState {
    let stream = this.streams.get(key);
    if (stream === undefined) {
      stream = {
        expected: null,
        idPrefix: undefined,
        derivedFrom: 0,
        coveredBelow: 0,
        joined: false,
        first: null,
        last: null,
        held: new Map(),
        gapMarked: false,
      };
      this.streams.set(key, stream);
    }
    return stream;
  }

  /** The stream's next expected sequence, set from this event when the stream has no baseline yet. */
  private baseline(stream: StreamState, sequence: number): number {
    if (stream.expected !== null) return stream.expected;
    if (this.expectStreamStart !== undefined && sequence > this.expectStreamStart) {
      stream.expected = this.expectStreamStart;
    } else {
      stream.expected = sequence;
      stream.joined = this.expectStreamStart === undefined;
    }
    stream.derivedFrom = stream.expected;
    return stream.expected;
  }

  /** Keeps an event ahead of a gap until the gap closes (`slot`: only to fill its slot then). */
  private hold(key: string, stream: StreamState, event: AgentUiEvent, sequence: number, slot = false): void {
    if (stream.held.has(sequence)) {
      this.callbacks.late(event, "duplicate_sequence");
      return;
    }
    stream.held.set(sequence, event);
    if (slot) this.slotFills.add(event);
    this.heldCount++;
    this.staleSections.add(`stream:${key}`);
    stream.gapMarked = true;
    this.viewCache = null;
  }

  /** The live stream delivered, at `sequence`, an event first applied as an unsequenced restatement:
   * its slot is filled (held events behind it are released) and the fact is not applied twice. Below
   * the frontier the slot is already taken or covered, and the fact already applied: nothing to do. */
  private fillSlot(key: string, stream: StreamState, event: AgentUiEvent, sequence: number): void {
    const expected = this.baseline(stream, sequence);
    if (sequence < expected) return;
    if (sequence > expected) {
      this.hold(key, stream, event, sequence, true);
      return;
    }
    this.advanceFilled(stream, sequence, event);
    stream.expected = sequence + 1;
    this.drain(key, stream);
  }

  private applyInOrder(key: string, stream: StreamState, event: AgentUiEvent): void {
    this.applyNow(event, stream);
    stream.expected = (event.sequence as number) + 1;
    this.drain(key, stream);
  }

  private drain(key: string, stream: StreamState): void {
    while (stream.held.size > 0 && stream.expected !== null) {
      const next = stream.held.get(stream.expected);
      if (next === undefined) break;
      stream.held.delete(stream.expected);
      this.heldCount--;
      if (this.slotFills.delete(next)) this.advanceFilled(stream, stream.expected, next);
      else this.applyNow(next, stream);
      stream.expected += 1;
    }
    if (stream.gapMarked && stream.held.size === 0) {
      stream.gapMarked = false;
      this.staleSections.delete(`stream:${key}`);
      this.viewCache = null;
    }
  }

  /** The stream's frontier moved to `sequence` (an event applied in order, or a filled slot). The
   * event count is not touched: a filled slot's fact was counted when its restatement was applied. */
  private advance(stream: StreamState, sequence: number): void {
    if (stream.first === null) stream.first = sequence;
    stream.last = Math.max(stream.last ?? sequence, sequence);
    this.lastSequence = sequence;
    this.viewCache = null;
  }

  /** A slot filled by the sequenced copy of a fact already applied as a restatement. */
  private advanceFilled(stream: StreamState, sequence: number, event: AgentUiEvent): void {
    this.advance(stream, sequence);
    this.callbacks.filled?.(event);
  }

  /** `stream`: the stream the event is applied in order in (null for unsequenced and late events). */
  private applyNow(event: AgentUiEvent, stream: StreamState | null): void {
    if (typeof event.sequence === "number") {
      if (stream !== null) this.advance(stream, event.sequence);
      else this.lastSequence = event.sequence;
    }
    this.eventCount++;
    this.viewCache = null;
    this.callbacks.apply(event);
  }
}
