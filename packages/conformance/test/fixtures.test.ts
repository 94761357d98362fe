import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createFixtureLoader,
  defaultSharedDir,
  FixtureUnavailableError,
  LIME_PROFILE_FIXTURE_DIR,
  LIME_PROFILE_FIXTURES,
} from "../src/index";

describe("fixture loader", () => {
  it("defaults to the shared folder beside the repository, which holds all 7 Lime profile fixtures", () => {
    const dir = defaultSharedDir({});
    for (const name of LIME_PROFILE_FIXTURES)
      expect(existsSync(join(dir, LIME_PROFILE_FIXTURE_DIR, name))).toBe(true);
  });

  it("honours AGENT_UI_SHARED_DIR", () => {
    expect(defaultSharedDir({ AGENT_UI_SHARED_DIR: "/opt/agent-ui/shared" })).toBe("/opt/agent-ui/shared");
  });

  it("parses an official fixture", () => {
    const event = createFixtureLoader().limeProfile("submit-turn-event.json") as {
      type: string;
      eventId: string;
    };
    expect(event).toMatchObject({ type: "turn.submitted", eventId: "evt_submit_turn_001" });
  });

  it("throws a FixtureUnavailableError naming the path when the folder is missing", () => {
    const loader = createFixtureLoader("/nonexistent/shared");
    expect(() => loader.limeProfile("submit-turn-event.json")).toThrow(FixtureUnavailableError);
    expect(() => loader.limeProfile("submit-turn-event.json")).toThrow(
      /\/nonexistent\/shared\/fixtures\/agentruntime\/fixtures\/lime-profile\/submit-turn-event\.json/,
    );
  });
});
