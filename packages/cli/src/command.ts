/** One CLI sub-command. Each lives in its own file under ./commands and is listed, with its one-line
 * summary, in ./commands/index.ts. */
export interface Command {
  name: string;
  usage: string;
  /** Resolves to the process exit code. */
  run(args: string[], io: CommandIO): Promise<number>;
}

export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The standard input as it arrives: chunks of bytes (decoded as UTF-8) or text. */
  stdin: () => AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}
