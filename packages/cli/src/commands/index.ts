import type { Command } from "../command";
import { benchCommand } from "./bench";
import { serveCommand } from "./serve";
import { conformanceCommand } from "./conformance";
import { projectCommand } from "./project";
import { startCommand } from "./start";
import { validateCommand } from "./validate";

/** Every sub-command of `agent-ui`, in the order `--help` lists them. */
export const COMMANDS: Command[] = [
  startCommand,
  serveCommand,
  validateCommand,
  projectCommand,
  conformanceCommand,
  benchCommand,
];
