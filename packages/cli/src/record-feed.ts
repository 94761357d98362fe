// `--from auto` on a stream: the first records are held until format detection has its sample (the
// same sample `detectFramedFormat` takes of a whole input), then every record is handed on in order.
// The hold is bounded: past `MAX_HELD` records detection decides on what it has.
import type { FramedRecord } from "@agent-ui/contracts";

const MAX_HELD = 1000;

export class DetectionWindow {
  private held: FramedRecord[] | undefined = [];
  private sampled = 0;

  constructor(
    private readonly sampleSize: number,
    /** Called once with the held records, before any of them is handed on. */
    private readonly decide: (head: readonly FramedRecord[]) => void,
    private readonly next: (record: FramedRecord) => void,
  ) {}

  record(record: FramedRecord): void {
    const held = this.held;
    if (held === undefined) {
      this.next(record);
      return;
    }
    held.push(record);
    // What detection samples: objects and arrays, and any record an SSE event name describes.
    const value = record.value;
    if ((value !== null && typeof value === "object") || record.meta.sseEvent !== undefined) this.sampled++;
    if (this.sampled >= this.sampleSize || held.length >= MAX_HELD) this.flush();
  }

  /** Decides now (the input ended) if it has not yet. */
  flush(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    this.decide(held);
    for (const record of held) this.next(record);
  }
}
