// Shared input handling for CLI commands: read a file or stdin, then frame it into source records.
// Unreadable input is an `InputError` (exit code 2) whose message says what failed and where.
import { readFile } from "node:fs/promises";
import { type FramingResult, parseRecords } from "@agent-ui/contracts";
import type { CommandIO } from "./command";
import { lookupTable } from "@agent-ui/contracts";

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

/** Reads `pathOrDash` (`-` is stdin) as UTF-8 text. Throws `InputError` naming the path on failure. */
export async function readInput(pathOrDash: string, io: CommandIO): Promise<string> {
  if (pathOrDash === "-") {
    try {
      return await io.readStdin();
    } catch (error) {
      throw new InputError(`cannot read stdin: ${describe(error)}`);
    }
  }
  try {
    return await readFile(pathOrDash, "utf8");
  } catch (error) {
    throw new InputError(`cannot read '${pathOrDash}': ${describe(error)}`);
  }
}

/** Frames input text into records (JSONL, JSON array, one JSON object or SSE). */
export function frameInput(text: string): FramingResult {
  return parseRecords(text);
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && REASONS[code]) return REASONS[code];
  return error instanceof Error ? error.message : String(error);
}
