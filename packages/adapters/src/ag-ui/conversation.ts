// The conversation as `@ag-ui/client`'s reducer holds it (`agent.messages`), kept as ids only, so a
// MESSAGES_SNAPSHOT can say which messages it removes. The snapshot is authoritative: the reducer keeps
// the snapshot's messages and drops every other one — except reasoning messages when the snapshot has
// none, and activity messages the snapshot does not govern (its `authoritativeActivityTypes` metadata,
// else whether it carries activity messages at all). The projection drops the same ones.
import { type JsonObject, asRecord, readArray, readString } from "../shared/record";

type Kind = "message" | "reasoning" | "activity";

const CLIENT_METADATA = "@ag-ui/client";

export class Conversation {
  /** Message id → what the reducer holds it as (and, for an activity, its type). */
  private readonly held = new Map<string, { kind: Kind; activityType?: string }>();

  /** Notes the messages an event adds to the reducer's list. */
  observe(type: string, record: JsonObject): void {
    switch (type) {
      case "TEXT_MESSAGE_START":
      case "TEXT_MESSAGE_CHUNK":
      case "TOOL_CALL_RESULT":
        this.hold(readString(record, "messageId"), "message");
        return;
      case "TOOL_CALL_START":
      case "TOOL_CALL_CHUNK":
        // The reducer puts a call on its parent message, or on a message named by the call's id.
        this.hold(readString(record, "parentMessageId") ?? readString(record, "toolCallId"), "message");
        return;
      case "REASONING_MESSAGE_START":
      case "REASONING_MESSAGE_CHUNK":
        this.hold(readString(record, "messageId"), "reasoning");
        return;
      case "ACTIVITY_SNAPSHOT":
        this.hold(readString(record, "messageId"), "activity", readString(record, "activityType"));
        return;
      case "RUN_STARTED":
        for (const message of readArray(asRecord(record.input), "messages") ?? []) this.holdListed(message);
        return;
    }
  }

  /** MESSAGES_SNAPSHOT: the ids of held messages the snapshot removes; the snapshot's become the list. */
  replace(record: JsonObject): string[] {
    const listed = readArray(record, "messages") ?? [];
    const ids = new Set<string>();
    let reasoning = false;
    let activity = false;
    for (const message of listed) {
      const id = readString(message, "id");
      if (id !== undefined) ids.add(id);
      const role = readString(message, "role");
      reasoning ||= role === "reasoning";
      activity ||= role === "activity";
    }
    const governed = authoritativeActivityTypes(record);
    const removed: string[] = [];
    for (const [id, entry] of this.held) {
      if (ids.has(id)) continue;
      const kept =
        (entry.kind === "reasoning" && !reasoning) ||
        (entry.kind === "activity" &&
          (governed !== undefined
            ? governed !== null && !governed.includes(entry.activityType ?? "")
            : !activity));
      if (kept) continue;
      removed.push(id);
      this.held.delete(id);
    }
    for (const message of listed) this.holdListed(message);
    return removed;
  }

  private holdListed(message: unknown): void {
    const role = readString(message, "role");
    const kind: Kind = role === "reasoning" ? "reasoning" : role === "activity" ? "activity" : "message";
    this.hold(readString(message, "id"), kind, readString(message, "activityType"));
  }

  private hold(id: string | undefined, kind: Kind, activityType?: string): void {
    if (id !== undefined && !this.held.has(id)) this.held.set(id, { kind, activityType });
  }
}

/** The snapshot's `metadata["@ag-ui/client"].authoritativeActivityTypes`, read as the SDK reads it: the
 * activity types it governs, `null` for all of them, `undefined` when it does not say. A declaration that
 * is not a list of strings (or client metadata that is not an object) governs none. */
function authoritativeActivityTypes(record: JsonObject): string[] | null | undefined {
  const metadata = asRecord(record.metadata);
  if (metadata === undefined || !Object.hasOwn(metadata, CLIENT_METADATA)) return undefined;
  const own = asRecord(metadata[CLIENT_METADATA]);
  if (own === undefined) return [];
  if (!Object.hasOwn(own, "authoritativeActivityTypes")) return undefined;
  const types = own.authoritativeActivityTypes;
  if (types === null) return null;
  return Array.isArray(types) && types.every((t) => typeof t === "string") ? types : [];
}
