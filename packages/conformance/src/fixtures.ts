// Official fixtures are data the suite reads at run time, never copies: the standard's folder sits beside
// the repository (`../shared`), or wherever AGENT_UI_SHARED_DIR points. A missing folder or file makes the
// cases that need it fail with a message naming the path — never a silent pass.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The Lime AgentRuntime profile fixtures, relative to the shared folder. */
export const LIME_PROFILE_FIXTURE_DIR = "fixtures/agentruntime/fixtures/lime-profile";

/** The seven official Lime profile fixtures (spec/fixtures.md §1). */
export const LIME_PROFILE_FIXTURES = [
  "submit-turn-event.json",
  "tool-approval-action-required-event.json",
  "task-retry-attempt-failed-event.json",
  "routing-single-candidate-event.json",
  "evidence-export-event.json",
  "thread-read-snapshot.json",
  "benchmark-trial-pack.json",
] as const;
export type LimeProfileFixture = (typeof LIME_PROFILE_FIXTURES)[number];

export class FixtureUnavailableError extends Error {
  override name = "FixtureUnavailableError";
}

export interface FixtureLoader {
  /** Absolute path of the shared folder this loader reads. */
  readonly sharedDir: string;
  /** Parses a JSON file under the shared folder; throws `FixtureUnavailableError` naming the path. */
  json(relativePath: string): unknown;
  /** One official Lime profile fixture. */
  limeProfile(name: LimeProfileFixture): unknown;
}

/** `AGENT_UI_SHARED_DIR`, else the `shared` folder beside the repository root. */
export function defaultSharedDir(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.AGENT_UI_SHARED_DIR;
  if (fromEnv !== undefined && fromEnv !== "") return resolve(fromEnv);
  // src → conformance → packages → repository root → its parent holds `shared`.
  return fileURLToPath(new URL("../../../../shared/", import.meta.url));
}

export function createFixtureLoader(sharedDir: string = defaultSharedDir()): FixtureLoader {
  const cache = new Map<string, unknown>();
  const json = (relativePath: string): unknown => {
    if (cache.has(relativePath)) return cache.get(relativePath);
    const path = join(sharedDir, relativePath);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new FixtureUnavailableError(
        `fixture unavailable: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); ` +
          "set AGENT_UI_SHARED_DIR to the folder holding the standard's fixtures/",
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new FixtureUnavailableError(
        `fixture unreadable: ${path} is not JSON (${(error as Error).message})`,
      );
    }
    cache.set(relativePath, value);
    return value;
  };
  return {
    sharedDir,
    json,
    limeProfile: (name) => json(`${LIME_PROFILE_FIXTURE_DIR}/${name}`),
  };
}
