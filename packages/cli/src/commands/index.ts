import type { Command } from "../command";
import { startCommand } from "./start";

/** Every sub-command of `agent-ui`, in the order `--help` lists them. */
export const COMMANDS: Command[] = [startCommand];
