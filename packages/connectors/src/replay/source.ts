// Replays a recorded file at a chosen speed: any format an adapter reads (Agent UI envelopes go through
// the validating `agent-ui` adapter; a gateway log export's `{ seq, event }` entries are unwrapped to
// their envelopes). `speed: 1` keeps the recorded gaps (from record timestamps, capped), `speed: 2` is twice
// as fast, `speed: 0` is as fast as possible. Read-only: every write is `unavailable`.
// The format is detected like `agent-ui validate` does it: on the framed records, so an SSE recording
// known only by its `event:` names (raw LangGraph Agent Server SSE) is recognised (ENV-01).
// The file streams in: read, framed (framing.ts), adapted and appended slice by slice, each slice
// after a turn of the event loop, so an import of a million lines never stalls the gateway's requests.
import { createReadStream, realpathSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import type { ControlCommand, FramedRecord, RecordMeta, WriteResult } from "@agent-ui/contracts";
import { adaptRecords, detectFramedFormat, findAdapter, noRecordsMapped } from "@agent-ui/adapters";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { SourceConfigError, unavailableResult } from "@agent-ui/contracts";
import { type FramedSlice, frameRecording } from "./framing";

const DEFAULT_GAP_MS = 40;
const MAX_GAP_MS = 2000;
const BATCH_AT_FULL_SPEED = 200;
/** Bytes read (and framed) at a time. */
const READ_CHUNK = 64 * 1024;
/** Leading records format detection samples: as many as `agent-ui validate --from auto` samples. */
const DETECT_SAMPLE = 20;
/** Leading records read once before playing: an adapter that maps none of them reads another format. */
const MAPPING_SAMPLE = 200;

export interface ReplayOptions {
  /** Files may only be read inside this directory (`--replay-dir`). Without it no file is read: only
   * inline `config.records` replay. */
  root?: string;
}

/** The recording's text, as it is read. */
type Reader = () => Promise<AsyncIterable<string> | Iterable<string>>;

class ReplaySource implements RuntimeSource {
  readonly kind = "replay";
  constructor(
    private readonly open: Reader,
    private readonly format: string,
    private readonly speed: number,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    const slices = frameRecording(await this.open());
    // The leading records decide the format; the rest are framed while they play.
    const framed: FramedRecord[] = [];
    let more = true;
    while (framed.length < MAPPING_SAMPLE) {
      const next = await slices.next();
      if (next.done) {
        more = false;
        break;
      }
      for (const d of next.value.diagnostics) await context.sink.diagnostic(d);
      for (const record of next.value.records) framed.push(unwrapEntry(record));
    }
    const detected = this.format === "auto" ? detectFramedFormat(framed, DETECT_SAMPLE) : undefined;
    const format = detected ? detected.format : this.format;
    if (format === "unknown") {
      await context.sink.status(
        "failed",
        `could not detect the recorded format (${detected?.reason}); pass config.format`,
      );
      return;
    }
    const unmapped = unmappedSample(framed, format);
    if (unmapped !== undefined) {
      await context.sink.diagnostic(unmapped);
      await context.sink.status("failed", `${unmapped.message}; pass config.format`);
      return;
    }
    const reason = detected ? ` (detected: ${detected.reason})` : "";
    const count = more ? `${format} records` : `${framed.length} ${format} record(s)`;
    await context.sink.status("live", `replaying ${count}${reason}`);
    const records = this.records(context, framed, more ? slices : undefined);
    void this.play(context, records, format).catch(async (error: unknown) => {
      await context.sink.status("failed", `replay failed: ${(error as Error).message}`).catch(() => {});
    });
  }

  /** Every record in order: the leading ones, then each further slice as it is framed (its diagnostics
   * reported as it comes), in batches a turn of the event loop apart. */
  private async *records(
    context: RuntimeSourceContext,
    head: FramedRecord[],
    rest: AsyncGenerator<FramedSlice> | undefined,
  ): AsyncGenerator<ReplayRecord[]> {
    for (let i = 0; i < head.length; i += BATCH_AT_FULL_SPEED)
      yield head.slice(i, i + BATCH_AT_FULL_SPEED).map(handedOver);
    if (rest === undefined) return;
    for await (const slice of rest) {
      if (context.signal.aborted) return;
      for (const d of slice.diagnostics) await context.sink.diagnostic(d);
      for (let i = 0; i < slice.records.length; i += BATCH_AT_FULL_SPEED) {
        await turn();
        yield slice.records.slice(i, i + BATCH_AT_FULL_SPEED).map((r) => handedOver(unwrapEntry(r)));
      }
    }
  }

  private async play(
    context: RuntimeSourceContext,
    batches: AsyncGenerator<ReplayRecord[]>,
    format: string,
  ): Promise<void> {
    let previous: number | undefined;
    let first = true;
    for await (const batch of batches) {
      if (context.signal.aborted) return;
      if (this.speed === 0) {
        await this.emit(context, batch, format);
        continue;
      }
      for (const record of batch) {
        if (context.signal.aborted) return;
        const at = record.at;
        const gap =
          at !== undefined && previous !== undefined
            ? Math.min(Math.max(at - previous, 0), MAX_GAP_MS)
            : DEFAULT_GAP_MS;
        if (at !== undefined) previous = at;
        if (!first) await delay(gap / this.speed, context.signal);
        first = false;
        await this.emit(context, [record], format);
      }
    }
    if (!context.signal.aborted) await context.sink.status("completed", "replay finished");
  }

  private emit(context: RuntimeSourceContext, records: ReplayRecord[], format: string): Promise<void> {
    return context.sink.records(
      records.map((r) => r.value),
      format,
      records.map((r) => r.meta),
    );
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    return unavailableResult(command, "a replay is read-only: no runtime is attached to act on writes");
  }

  async stop(): Promise<void> {}
}

/** A record as the gateway gets it — its value and transport framing (the SSE event name of a raw
 * LangGraph Agent Server recording names its stream mode) — with the recorded time its pacing reads. */
interface ReplayRecord {
  value: unknown;
  meta: RecordMeta;
  at: number | undefined;
}

/** The `no_records_mapped` diagnostic when `format`'s adapter maps none of the leading records (a declared
 * format that is not the recording's): the replay stops instead of playing an empty session. */
function unmappedSample(framed: readonly FramedRecord[], format: string) {
  if (framed.length === 0 || findAdapter(format) === undefined) return undefined;
  const sample = framed.slice(0, MAPPING_SAMPLE);
  return noRecordsMapped(format, sample.length, adaptRecords(sample, format).events);
}

/** A log export entry `{ seq, event }` → its envelope; any other record is kept as framed. */
function unwrapEntry(record: FramedRecord): FramedRecord {
  const value = record.value;
  if (value === null || typeof value !== "object") return record;
  const entry = value as Record<string, unknown>;
  if (typeof entry.seq === "number" && entry.event !== null && typeof entry.event === "object")
    return { ...record, value: entry.event };
  return record;
}

function handedOver({ value, meta }: FramedRecord): ReplayRecord {
  return { value, meta, at: timestampOf(value) };
}

function timestampOf(record: unknown): number | undefined {
  if (record === null || typeof record !== "object") return undefined;
  const t = (record as Record<string, unknown>).timestamp;
  if (typeof t === "number" && Number.isFinite(t)) return t;
  if (typeof t === "string") {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** One turn of the event loop: requests waiting on it are served before the next slice. */
function turn(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });
}

export function replaySource(options: ReplayOptions = {}): RuntimeSourceFactory {
  const root = options.root === undefined ? undefined : resolve(options.root);
  return {
    kind: "replay",
    description:
      "Replay a recorded file (config: file | records, format?: auto|agent-ui|<adapter>, speed?: 0 = fastest)",
    create(init: RuntimeSourceInit) {
      const { file, records, format = "auto", speed = 1 } = init.config as Record<string, unknown>;
      if (typeof speed !== "number" || !Number.isFinite(speed) || speed < 0)
        throw new SourceConfigError('"config.speed" must be a number ≥ 0');
      if (typeof format !== "string") throw new SourceConfigError('"config.format" must be a string');
      if (Array.isArray(records)) {
        const text = records.map((r) => JSON.stringify(r)).join("\n");
        return new ReplaySource(async () => [text], format, speed);
      }
      if (typeof file !== "string")
        throw new SourceConfigError('replay needs "config.file" (a path) or "config.records" (an array)');
      if (root === undefined)
        throw new SourceConfigError(
          "this gateway reads no replay files: start it with --replay-dir DIR to replay files from DIR",
          "replay_dir_not_set",
        );
      if (!isInside(root, resolve(root, file))) throw outsideRoot();
      // A symbolic link inside the directory that points out of it is refused now, and again at read time.
      let real: string;
      try {
        real = realpathSync(resolve(root, file));
      } catch {
        throw new SourceConfigError(
          `"config.file" was not found in the replay directory: ${file}`,
          "file_not_found",
        );
      }
      if (!isInside(realpathSync(root), real)) throw outsideRoot();
      return new ReplaySource(() => readConfined(root, file), format, speed);
    },
  };
}

function outsideRoot(): SourceConfigError {
  return new SourceConfigError(
    '"config.file" must be inside the replay directory',
    "file_outside_replay_root",
  );
}

function isInside(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside);
}

/** Reads `file` only when its real path — symbolic links followed — is inside the real replay root. */
async function readConfined(root: string, file: string): Promise<AsyncIterable<string>> {
  const realRoot = await realpath(root);
  const real = await realpath(resolve(realRoot, file)).catch(() => {
    throw new Error(`"config.file" cannot be read: ${file}`);
  });
  if (!isInside(realRoot, real)) throw outsideRoot();
  return createReadStream(real, { encoding: "utf8", highWaterMark: READ_CHUNK });
}
