// Which rule each protocol's stories prove, and why a protocol cannot tell the rest.
import { STORY_RULES } from "./checks";
import { PROTOCOL_STORIES } from "./index";
import { STORY_NAMES } from "./types";

export interface ProtocolCoverage {
  format: string;
  /** Case ids `<rule>@<format>` the suite runs. */
  covered: string[];
  /** Story rule id → why the protocol cannot express it. */
  cannot: Record<string, string>;
}

/** Formats whose rules are proven by other cases than the protocol stories, with where. */
export const COVERED_ELSEWHERE: Record<string, string> = {
  lime: "the AUI-AR-*, AS-* and FIX-* cases run Lime runtime events and snapshots through the Lime adapter",
};

export function protocolCoverage(): ProtocolCoverage[] {
  return PROTOCOL_STORIES.map((protocol) => ({
    format: protocol.format,
    covered: STORY_NAMES.filter((name) => protocol.stories[name]).map(
      (name) => `${STORY_RULES[name].id}@${protocol.format}`,
    ),
    cannot: Object.fromEntries(
      STORY_NAMES.filter((name) => protocol.cannot[name]).map((name) => [
        STORY_RULES[name].id,
        protocol.cannot[name] as string,
      ]),
    ),
  }));
}
