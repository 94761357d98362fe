// `agent-ui project` as a fold: framed records in one at a time, through the adapter (named, or detected
// from the first records), redacted, into one projector. Nothing but the projector's state, the
// detection window and the input's own diagnostics is kept: not the records, not the events.
import {
  ADAPTERS,
  type AdapterModule,
  type AdaptResult,
  type DetectedFormat,
  type KeptDetail,
  type SourceAdapter,
  adaptRecords,
  detectFramedFormat,
  diagnosticOfEvent,
  findAdapter,
  noneMapped,
} from "@agent-ui/adapters";
import {
  type AgentUiEvent,
  type Diagnostic,
  type FramedRecord,
  type ProjectionState,
  redact,
} from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import type { RecordConsumer } from "./input";
import { DetectionWindow } from "./record-feed";

/** Records `--from auto` samples (what `adaptRecords` samples by default). */
const DETECTION_SAMPLE = 5;

export interface ProjectedText {
  state: ProjectionState;
  /** The adapter that read the input: the named one, or the detected one for `auto`. */
  format: string;
  /** Set for `auto`: how sure detection was and why. */
  detected?: DetectedFormat;
  /** The body kept under the ref `detail` asked for, when the stream offloaded one there. */
  details: ReadonlyMap<string, KeptDetail>;
}

export interface ProjectFoldOptions {
  /** Time travel: project only events up to this sequence. */
  at?: number;
  /** Keep the offloaded body under this ref (`--detail`); no other body is kept. */
  detail?: string;
}

export class ProjectFold implements RecordConsumer {
  /** Set when the format is unknown: nothing more can be projected. */
  done = false;
  detected: DetectedFormat | undefined;
  private readonly window: DetectionWindow | undefined;
  private readonly projector = createProjector();
  private readonly framing: Diagnostic[] = [];
  private readonly fromEvents: Diagnostic[] = [];
  private module: AdapterModule | undefined;
  private adapter: SourceAdapter | undefined;
  private unknown: AdaptResult | undefined;
  private records = 0;
  private mapped = false;
  private diagnosticEvents = 0;
  private position = Number.NEGATIVE_INFINITY;
  private kept: KeptDetail | undefined;

  constructor(
    private readonly from: string,
    private readonly options: ProjectFoldOptions = {},
  ) {
    if (from === "auto")
      this.window = new DetectionWindow(
        DETECTION_SAMPLE,
        (head) => this.start(head),
        (record) => this.feed(record),
      );
    else this.start([]);
  }

  record(record: FramedRecord): void {
    if (this.done) return;
    if (this.window) this.window.record(record);
    else this.feed(record);
  }

  diagnostic(diagnostic: Diagnostic): void {
    this.framing.push(diagnostic);
  }

  /** The projection so far: a live view of an input still being read. */
  peek(): ProjectionState {
    return this.projector.getState();
  }

  /** The input ended: `--from auto` decides on the records it holds, if it had not yet. */
  decide(): void {
    this.window?.flush();
  }

  /** The input ended: the adapter closes what it left open; the projection is read once. */
  finish(): ProjectedText {
    this.decide();
    if (this.adapter) for (const event of this.adapter.finish()) this.event(event);
    // Only what concerns the input as a whole joins the state's diagnostics (the adapter's own
    // diagnostic.changed events are already in it): framing problems, nothing mapped, an unknown format.
    const upstream = [...this.framing];
    if (this.module && !this.mapped) {
      const none = noneMapped(this.module.format, this.records, this.diagnosticEvents);
      if (none) upstream.push(none);
    }
    upstream.push(...this.fromEvents);
    if (this.unknown)
      upstream.push(...this.unknown.diagnostics.filter((d) => d.eventRef?.eventId === undefined));
    const safe: Diagnostic[] = redact(upstream).value;
    const state = this.projector.getState();
    const result: ProjectedText = {
      state: safe.length === 0 ? state : { ...state, diagnostics: [...safe, ...state.diagnostics] },
      format: this.detected?.format ?? this.from,
      details: new Map(this.kept ? [[this.kept.ref, this.kept]] : []),
    };
    if (this.detected) result.detected = this.detected;
    return result;
  }

  private start(head: readonly FramedRecord[]): void {
    let name = this.from;
    if (this.from === "auto") {
      // No records is an empty stream, not an unknown format: nothing to adapt and nothing wrong.
      if (head.length === 0) return;
      this.detected = detectFramedFormat(head, DETECTION_SAMPLE);
      name = this.detected.format;
    }
    this.module = ADAPTERS.find((a) => a.format === name) ?? findAdapter(name);
    if (this.module === undefined) {
      // The same answer `adaptRecords` gives an unknown format, from the records detection saw.
      this.unknown = adaptRecords(head, this.from);
      this.done = true;
      return;
    }
    const wanted = this.options.detail;
    this.adapter = this.module.create({
      keepDetail: (detail) => {
        if (detail.ref === wanted) this.kept = detail;
      },
    });
  }

  private feed(record: FramedRecord): void {
    if (this.adapter === undefined) return;
    this.records++;
    for (const event of this.adapter.push(record.value, record.index, record.meta)) this.event(event);
  }

  private event(event: AgentUiEvent): void {
    if (event.type !== "diagnostic.changed") this.mapped = true;
    else {
      this.diagnosticEvents++;
      if (event.eventId === undefined) this.fromEvents.push(diagnosticOfEvent(event));
    }
    // The gateway's ingest policy: every event is redacted whole before it is projected (SEC-01/02).
    const safe = redact(event).value;
    const at = this.options.at;
    if (at !== undefined) {
      // Time travel as `eventsUpTo`: an event without a sequence sits where the last sequenced one did.
      const own = safe.sequence ?? safe.source?.sequence;
      if (typeof own === "number") this.position = own;
      if (this.position > at) return;
    }
    this.projector.apply(safe);
  }
}
