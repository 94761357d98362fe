// Protocol stories: the few core scenarios the rules need, written as records a peer SDK really emits
// (field names taken from the peers' captured streams), so a case can run the same check through each
// protocol's adapter. Every story uses the same facts, whatever the protocol, so one check fits all.

/** The scenarios a protocol may be able to tell. */
export type StoryName =
  | "text"
  | "reasoning"
  | "tool"
  | "toolError"
  | "runError"
  | "redelivery"
  | "approve"
  | "deny"
  | "sources";

export interface Story {
  records: unknown[];
  /** The tool call the story is about (tool, toolError, approve, deny). */
  toolCallId?: string;
  /** How many records it takes until the approval is requested and not yet answered (approve, deny). */
  requestedAfter?: number;
  /** What the approval's action names as its tool call when the protocol does not link them (`unknown`). */
  actionToolCallId?: string;
}

export interface ProtocolStories {
  /** The adapter format id (`adaptRecords(records, format)`). */
  format: string;
  stories: Partial<Record<StoryName, () => Story>>;
  /** Why the protocol cannot tell a story it lacks: every story is either told or explained. */
  cannot: Partial<Record<StoryName, string>>;
  /** The protocol's own words for approve / reject, when they differ (MCP elicitations: accept / decline). */
  decisions?: { approve: string; reject: string };
  /** Set when the protocol delivers the answer whole, not in deltas (the reason). */
  wholeText?: string;
}

/** The facts every story tells. */
export const FACTS = {
  deltas: ["Hel", "lo, ", "world."],
  answer: "Hello, world.",
  reasoning: "Need the weather.",
  toolName: "weather",
  city: "Paris",
  tempC: 21,
  failingCity: "Atlantis",
  toolError: "city not found",
  runError: "quota exceeded",
  gatedTool: "delete_file",
  gatedPath: "/workspace/demo/x",
  sourceUrl: "https://example.com/wx",
  sourceTitle: "Example weather",
} as const;

export const STORY_NAMES: StoryName[] = [
  "text",
  "reasoning",
  "tool",
  "toolError",
  "runError",
  "redelivery",
  "approve",
  "deny",
  "sources",
];
