// Client input is untrusted: a command body is checked against its kind's schema (`COMMANDS` in
// contracts) before it reaches a runtime, so a malformed write is a 400 naming the field instead of an
// exception in a source.
import { type ControlCommand, validateCommand } from "@agent-ui/contracts";
import { GatewayError } from "../gateway/errors";

/** Returns the command for `sessionId`, or throws an `invalid` `GatewayError` naming the first bad field. */
export function parseCommand(body: unknown, sessionId: string): ControlCommand {
  const check = validateCommand(body, sessionId);
  if (check.ok) return check.command;
  throw new GatewayError("invalid", "invalid_command", check.message);
}
