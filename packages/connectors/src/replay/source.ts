// Replays a recorded file at a chosen speed: any format an adapter reads (Agent UI envelopes go through
// the validating `agent-ui` adapter; a gateway log export's `{ seq, event }` entries are unwrapped to
// their envelopes). `speed: 1` keeps the recorded gaps (from record timestamps, capped), `speed: 2` is twice
// as fast, `speed: 0` is as fast as possible. Read-only: every write is `unavailable`.
// The format is detected like `agent-ui validate` does it: on the framed records, so an SSE recording
// known only by its `event:` names (raw LangGraph Agent Server SSE) is recognised (ENV-01).
import { realpathSync } from "node:fs";
import { readFile, realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import {
  type ControlCommand,
  type FramedRecord,
  parseRecords,
  type RecordMeta,
  type WriteResult,
} from "@agent-ui/contracts";
import { adaptRecords, detectFramedFormat, findAdapter, noRecordsMapped } from "@agent-ui/adapters";
import type {
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
} from "@agent-ui/contracts";
import { SourceConfigError, unavailableResult } from "@agent-ui/contracts";

const DEFAULT_GAP_MS = 40;
const MAX_GAP_MS = 2000;
const BATCH_AT_FULL_SPEED = 200;
/** Leading records format detection samples: as many as `agent-ui validate --from auto` samples. */
const DETECT_SAMPLE = 20;
/** Leading records read once before playing: an adapter that maps none of them reads another format. */
const MAPPING_SAMPLE = 200;

export interface ReplayOptions {
  /** Files may only be read inside this directory (`--replay-dir`). Without it no file is read: only
   * inline `config.records` replay. */
  root?: string;
}

class ReplaySource implements RuntimeSource {
  readonly kind = "replay";
  constructor(
    private readonly load: () => Promise<string>,
    private readonly format: string,
    private readonly speed: number,
  ) {}

  async start(context: RuntimeSourceContext): Promise<void> {
    const framing = parseRecords(await this.load());
    for (const d of framing.diagnostics) await context.sink.diagnostic(d);
    // A gateway log export (`events.json` entries) replays as the envelopes it holds.
    const framed = framing.records.map(unwrapEntry);
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
    const records = framed.map(handedOver);
    const reason = detected ? ` (detected: ${detected.reason})` : "";
    await context.sink.status("live", `replaying ${records.length} ${format} record(s)${reason}`);
    void this.play(context, records, format).catch(async (error: unknown) => {
      await context.sink.status("failed", `replay failed: ${(error as Error).message}`).catch(() => {});
    });
  }

  private async play(context: RuntimeSourceContext, records: ReplayRecord[], format: string): Promise<void> {
    let previous: number | undefined;
    for (let i = 0; i < records.length; ) {
      if (context.signal.aborted) return;
      if (this.speed === 0) {
        const batch = records.slice(i, i + BATCH_AT_FULL_SPEED);
        await this.emit(context, batch, format);
        i += batch.length;
        continue;
      }
      const at = records[i].at;
      const gap =
        at !== undefined && previous !== undefined
          ? Math.min(Math.max(at - previous, 0), MAX_GAP_MS)
          : DEFAULT_GAP_MS;
      if (at !== undefined) previous = at;
      if (i > 0) await delay(gap / this.speed, context.signal);
      await this.emit(context, [records[i]], format);
      i += 1;
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
        return new ReplaySource(async () => text, format, speed);
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
async function readConfined(root: string, file: string): Promise<string> {
  const realRoot = await realpath(root);
  const real = await realpath(resolve(realRoot, file)).catch(() => {
    throw new Error(`"config.file" cannot be read: ${file}`);
  });
  if (!isInside(realRoot, real)) throw outsideRoot();
  return readFile(real, "utf8");
}
