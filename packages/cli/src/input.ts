// Shared input handling for CLI commands: a file or stdin read as a stream of text chunks, framed into
// source records as they arrive (`createRecordFramer`), so no command holds the whole input. Unreadable
// input is an `InputError` (exit code 2) whose message says what failed and where.
import { createReadStream } from "node:fs";
import { type FramingSink, createRecordFramer, lookupTable } from "@agent-ui/contracts";
import type { CommandIO } from "./command";

export class InputError extends Error {
  readonly exitCode = 2;
}

const REASONS: Record<string, string> = lookupTable({
  ENOENT: "no such file",
  EISDIR: "it is a directory, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a parent of the path is not a directory",
  EMFILE: "too many open files",
});

/** Read size of a file: large enough that a long line arrives in few pieces. */
const READ_CHUNK_BYTES = 64 * 1024;

/** The text of `pathOrDash` (`-` is stdin) chunk by chunk, decoded as UTF-8 (a character split between
 * chunks is kept whole). Throws `InputError` naming the path when reading fails. */
export async function* readChunks(pathOrDash: string, io: CommandIO): AsyncGenerator<string> {
  const where = pathOrDash === "-" ? "stdin" : `'${pathOrDash}'`;
  let iterator: AsyncIterator<string | Uint8Array> | Iterator<string | Uint8Array>;
  try {
    const source =
      pathOrDash === "-" ? io.stdin() : createReadStream(pathOrDash, { highWaterMark: READ_CHUNK_BYTES });
    iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  } catch (error) {
    throw new InputError(`cannot read ${where}: ${describe(error)}`);
  }
  const decoder = new TextDecoder("utf-8");
  try {
    for (;;) {
      let next: IteratorResult<string | Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw new InputError(`cannot read ${where}: ${describe(error)}`);
      }
      if (next.done) break;
      const chunk = next.value;
      const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      if (text.length > 0) yield text;
    }
  } finally {
    // Stopped early (the command needs no more input) or failed: the file or stdin is released.
    await iterator.return?.();
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/** Where the records of an input go, with what framing made of it once it ended. */
export interface RecordConsumer extends FramingSink {
  /** Set once the consumer needs no more input (it decided the input cannot be read as asked). */
  readonly done?: boolean;
}

/** Reads and frames `pathOrDash` into `consumer`, record by record; resolves with the framing format
 * (`empty` for an input of blanks only). */
export async function streamRecords(
  pathOrDash: string,
  io: CommandIO,
  consumer: RecordConsumer,
  /** Called after each chunk's records went to the consumer (to write what they produced), saying
   * whether the chunk ended inside a record (its line or frame is still incomplete). */
  chunkDone?: (midRecord: boolean) => void,
): Promise<string> {
  const framer = createRecordFramer(consumer);
  for await (const chunk of readChunks(pathOrDash, io)) {
    framer.push(chunk);
    if (consumer.done) return framer.format ?? "empty";
    chunkDone?.(framer.pending);
  }
  framer.end();
  return framer.format ?? "empty";
}

/** Frames a whole text into `consumer` (the same framing, for callers that hold the text already). */
export function frameText(text: string, consumer: FramingSink): string {
  const framer = createRecordFramer(consumer);
  framer.push(text);
  framer.end();
  return framer.format ?? "empty";
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && REASONS[code]) return REASONS[code];
  return error instanceof Error ? error.message : String(error);
}
