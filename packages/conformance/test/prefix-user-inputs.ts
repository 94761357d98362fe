// No user input appears late, judged per prefix: a user message the final state shows is shown from the
// prefix whose event carries it — the first event that states its id (a message id, a run's
// `userMessageId`, a snapshot's message) or its whole text (a run's input, a restated history) — and not
// only at a later prefix. "Shown" is by id, or by a user text part with the same text (an optimistic
// message renamed to the runtime's id keeps its text). And none is lost outright: a user input an event
// states in the envelope's own terms — a run's `input`, a user-role text event, a user message of a
// snapshot — is shown at the end (by its id, else by its text).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";

interface Carried {
  id: string;
  text: string;
  /** The prefix length at which the event that carries it has been applied. */
  from: number;
}

/** Whether `value` holds a string equal to one of `wanted` anywhere inside. */
function mentions(value: unknown, wanted: ReadonlySet<string>): string | undefined {
  if (typeof value === "string") return wanted.has(value) ? value : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const inner of Array.isArray(value) ? value : Object.values(value)) {
    const hit = mentions(inner, wanted);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

const userText = (message: ProjectionState["messages"][number]) =>
  message.parts
    .filter((p) => p.kind === "user_text")
    .map((p) => p.text ?? "")
    .join("");

/** The user inputs an event states: `[id, text]`, either may be unknown. */
function statedInputs(event: AgentUiEvent): [string | undefined, string | undefined][] {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  if (event.type === "run.started" && str(payload.input) !== undefined)
    return [[str(payload.userMessageId) ?? str(payload.clientMessageId), str(payload.input)]];
  if (event.type.startsWith("text.") && payload.role === "user")
    return [[str(event.messageId), event.type === "text.final" ? str(payload.text) : undefined]];
  if (event.type === "messages.snapshot" && Array.isArray(payload.messages))
    return payload.messages
      .filter((m): m is Record<string, unknown> => typeof m === "object" && m !== null && m.role === "user")
      .map((m) => [str(m.id), undefined]);
  return [];
}

export class UserInputs {
  private readonly carried: Carried[] = [];
  private readonly reported = new Set<string>();
  /** User inputs events stated that the final state does not show. */
  readonly neverShown: string[] = [];

  constructor(events: AgentUiEvent[], end: ProjectionState) {
    const ids = new Set(
      end.messages.filter((m) => m.parts.some((p) => p.kind === "user_text")).map((m) => m.id),
    );
    const texts = new Set(end.messages.map(userText).filter((t) => t !== ""));
    events.forEach((event, index) => {
      for (const [id, text] of statedInputs(event))
        if (!(id !== undefined && ids.has(id)) && !(text !== undefined && texts.has(text)))
          this.neverShown.push(
            `user input ${id ?? JSON.stringify(text)} of event ${index + 1} is never shown`,
          );
    });
    for (const message of end.messages) {
      if (!message.parts.some((p) => p.kind === "user_text")) continue;
      const text = userText(message);
      const wanted = new Set([message.id, ...(text === "" ? [] : [text])]);
      const index = events.findIndex((event) => mentions(event, wanted) !== undefined);
      if (index >= 0) this.carried.push({ id: message.id, text, from: index + 1 });
    }
  }

  /** How many user inputs were traced to the event that carries them. */
  get count(): number {
    return this.carried.length;
  }

  /** User messages whose carrying event is applied by prefix `cut` but that `state` does not show. */
  late(cut: number, state: ProjectionState): string[] {
    const out: string[] = [];
    for (const input of this.carried) {
      if (input.from > cut || this.reported.has(input.id)) continue;
      const shown = state.messages.some(
        (m) => m.id === input.id || (input.text !== "" && userText(m) === input.text),
      );
      if (shown) continue;
      this.reported.add(input.id);
      out.push(`user message ${input.id}, carried by event ${input.from}, is not shown`);
    }
    return out;
  }
}
