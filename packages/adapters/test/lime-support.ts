// Shared by the Lime adapter's rules tests: one runtime record in, the adapter's events out.
import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { limeAdapter } from "../src/lime";

/** The scope ids most Lime rules records carry. */
export const LIME_IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u" };

type Fields = Record<string, unknown>;

/** `adapt` pushes one record (scope `ids`, event id `e1`) into a fresh adapter; `first` is its first event. */
export function limeReader(ids: Fields = LIME_IDS) {
  const adapt = (
    type: string,
    payload: Fields = {},
    extra: Fields = {},
    scope: Fields = ids,
  ): AgentUiEvent[] => limeAdapter.create().push({ type, eventId: "e1", ...scope, payload, ...extra }, 0);
  const first = (type: string, payload?: Fields, extra?: Fields) => adapt(type, payload, extra)[0];
  return { adapt, first };
}

/** An official Lime-profile fixture of the standard (beside the repository, in `../shared/`). */
export const limeFixture = (name: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../shared/fixtures/agentruntime/fixtures/lime-profile/${name}`, import.meta.url),
      "utf8",
    ),
  );
