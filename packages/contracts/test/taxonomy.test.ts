import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  EVENT_CLASSES,
  RUNTIME_EVENT_CLASSES,
  RUNTIME_STATUSES,
  familyOf,
  isMember,
  isRuntimeActive,
  streamKeyOf,
} from "../src/index";

const schemaUrl = new URL(
  "../../../../shared/fixtures/agentruntime/schemas/agentruntime-event.schema.json",
  import.meta.url,
);

describe("taxonomy", () => {
  it("ENV-09 the 52 standard Agent UI event classes are listed once each", () => {
    expect(EVENT_CLASSES).toHaveLength(52);
    expect(new Set(EVENT_CLASSES).size).toBe(52);
  });

  it("PROF-01 the 120 runtime classes equal the official runtime schema enum", () => {
    const schema = JSON.parse(readFileSync(fileURLToPath(schemaUrl), "utf8"));
    expect([...RUNTIME_EVENT_CLASSES]).toEqual(schema.properties.type.enum);
    expect(RUNTIME_EVENT_CLASSES).toHaveLength(120);
  });

  it("isMember rejects values outside a taxonomy and non-strings", () => {
    expect(isMember(EVENT_CLASSES, "text.delta")).toBe(true);
    expect(isMember(EVENT_CLASSES, "text.deltas")).toBe(false);
    expect(isMember(EVENT_CLASSES, 42)).toBe(false);
  });

  it("ORD-01 the stream key falls back from streamId to sessionId to default", () => {
    expect(streamKeyOf({ streamId: "s", sessionId: "x" })).toBe("s");
    expect(streamKeyOf({ sessionId: "x" })).toBe("x");
    expect(streamKeyOf({})).toBe("default");
    expect(familyOf("artifact.preview.ready")).toBe("artifact");
  });

  it("QUEUE-01 a run counts as active until a terminal or idle status", () => {
    const inactive = RUNTIME_STATUSES.filter((s) => !isRuntimeActive(s));
    expect(inactive.sort()).toEqual([
      "blocked",
      "cancelled",
      "completed",
      "failed",
      "idle",
      "interrupted",
      "unknown",
    ]);
  });
});
