// TOOL-02 / EVID-10: an A2A agent message's data part over the offload limit travels as a ref whose body
// is kept (adaptRecords' `details`), like every other offloaded payload (A2A v0.3 JSON shape); so is an
// artifact's data part, in the captured A2A v1 wire stream.
import { readFileSync } from "node:fs";
import { isOffloadedValue, parseRecords, redact } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adaptRecords } from "../src";

describe("A2A data parts over the offload limit", () => {
  it("TOOL-02 a large message data part keeps a working ref in app state", () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ city: `c${i}`, temperature: i % 40 }));
    const message = {
      kind: "message",
      role: "agent",
      messageId: "m-data",
      taskId: "task-1",
      contextId: "ctx-1",
      parts: [{ kind: "data", data: { rows } }],
    };
    const { events, details } = adaptRecords([message], "a2a");
    const delta = events.find((e) => e.type === "state.delta");
    const patch = (delta?.payload ?? { patch: [] }) as { patch: { path: string; value: unknown[] }[] };
    const [kept] = (patch.patch.find((op) => op.path === "/a2aData/m-data")?.value ?? []) as {
      rows: unknown;
    }[];
    // The too-large child is what is offloaded (children first): `rows` is the stub.
    expect(isOffloadedValue(kept?.rows)).toBe(true);
    const ref = (kept.rows as { ref: string }).ref;
    expect(JSON.parse(details.get(ref)?.body ?? "null")).toEqual(rows);
  });
});

/** The captured A2A v1 wire stream with a data part after the report's first text part: in its first
 * artifact chunk and in every task snapshot's copy of the artifact, as an agent would send it. */
function captureWithDataPart(data: unknown): string {
  const wire = readFileSync(
    new URL("../../../../shared/peers/streams/a2a.task-artifact-input-required.wire.txt", import.meta.url),
    "utf8",
  );
  const part = { data, mediaType: "application/json" };
  let chunked = false;
  return wire
    .split("\n")
    .map((line) => {
      if (!line.startsWith("data: ")) return line;
      const frame = JSON.parse(line.slice("data: ".length));
      const update = frame.result?.artifactUpdate;
      const artifacts: { parts: unknown[] }[] = frame.result?.task?.artifacts ?? [];
      if (update !== undefined && !chunked) {
        update.artifact.parts.push(part);
        chunked = true;
      } else if (artifacts.length > 0) for (const artifact of artifacts) artifact.parts.splice(1, 0, part);
      else return line;
      return `data: ${JSON.stringify(frame)}`;
    })
    .join("\n");
}

describe("A2A artifact data parts over the offload limit", () => {
  it("TOOL-02 EVID-10 the artifact shows the part's start, its size and a ref whose kept body is the whole part", () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ city: `c${i}`, temperature: i % 40 }));
    const data = { rows, apiKey: "sk-live-abcdefghijklmnopqrstuvwxyz0123" };
    const { records } = parseRecords(captureWithDataPart(data));
    const { events, details } = adaptRecords(records, "a2a");
    const created = events.find((e) => e.type === "artifact.created");
    const preview = String(created?.artifactPreview);
    // The text part, then the data part: the start of its JSON, its size and where it is kept.
    expect(preview.startsWith('# Report\n{"rows":[{"city":"c0","temperature":0}')).toBe(true);
    const redactedBytes = new TextEncoder().encode(JSON.stringify(redact(data).value)).length;
    const marker = new RegExp(
      `\\[data part of ${redactedBytes} bytes; the whole part is kept at (detail://body/\\S+)\\]$`,
    );
    const ref = marker.exec(preview)?.[1];
    expect(ref, preview.slice(-200)).toBeDefined();
    expect(preview).not.toContain("offloaded");
    expect(preview.length).toBeLessThan(600);
    // The kept body is the whole part, redacted: a reader opens the ref and gets every row.
    const kept = JSON.parse(details.get(ref as string)?.body ?? "null");
    expect(kept.rows).toEqual(rows);
    expect(JSON.stringify(kept)).not.toContain("sk-live");

    // Projected, the artifact's preview is that text: the user reads the size, not a stub.
    const state = projectEvents(events);
    const artifact = state.artifacts["art-report"];
    expect(artifact.preview).toContain('# Report\n{"rows":[{"city":"c0"');
    expect(artifact.preview).toContain(
      `[data part of ${redactedBytes} bytes; the whole part is kept at ${ref}]\nParis is 21°C.\n`,
    );
    expect(artifact.preview).not.toContain('"offloaded"');
  });

  it("a data part within the limit stays inline as its JSON", () => {
    const { records } = parseRecords(captureWithDataPart({ city: "Paris", temperature: 21 }));
    const { events, details } = adaptRecords(records, "a2a");
    const created = events.find((e) => e.type === "artifact.created");
    expect(created?.artifactPreview).toBe('# Report\n{"city":"Paris","temperature":21}');
    expect(details.size).toBe(0);
  });
});
