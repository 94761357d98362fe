// The core stories, through every protocol's own adapter: `<rule>@<format>` runs a story written as the
// peer's records through `adaptRecords`' adapter for that format, then the story's one check.
import { PROTOCOL_STORIES } from "../protocols/index";
import { STORY_RULES } from "../protocols/checks";
import { STORY_NAMES } from "../protocols/types";
import type { ConformanceCase } from "../types";

export const PROTOCOL_STORY_CASES: ConformanceCase[] = PROTOCOL_STORIES.flatMap((protocol) =>
  STORY_NAMES.flatMap((name) => {
    const build = protocol.stories[name];
    if (!build) return [];
    const rule = STORY_RULES[name];
    const story = build();
    return [
      {
        id: `${rule.id}@${protocol.format}`,
        title: `${protocol.format}: ${rule.title}`,
        requirements: rule.requirements,
        input: { format: protocol.format, records: story.records },
        check: (state, ctx) => rule.check(state, ctx, story, protocol),
      },
    ];
  }),
);
