import type { Command } from "../command";

/** Every sub-command of `agent-ui`, in the order `--help` lists them. */
export const COMMANDS: Command[] = [];
