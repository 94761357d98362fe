// Source references (EVID-01, EVID-08, ART-01 `source_refs`, CTX-05): where a cited fact came from — a web
// page or a document — with the message, step and part that cited it. One shape on evidence records,
// artifacts and message parts, so a citation reads the same wherever it is shown. Only source facts make
// one: an adapter never invents a citation (EVID-01 "never invent citations").
import { ID, STRING, enumOf, objectSchema } from "./schema-builders";

export const SOURCE_TYPES = ["url", "document"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface SourceRef {
  /** The runtime's source id (AI SDK `sourceId`), else the url. */
  id: string;
  sourceType: SourceType;
  url?: string;
  title?: string;
  mediaType?: string;
  filename?: string;
  /** The message, step and part that cited the source, when the runtime names them. */
  messageId?: string;
  stepId?: string;
  partId?: string;
}

export const SOURCE_REF = objectSchema<SourceRef>(
  {
    id: ID,
    sourceType: enumOf(SOURCE_TYPES),
    url: STRING,
    title: STRING,
    mediaType: STRING,
    filename: STRING,
    messageId: STRING,
    stepId: STRING,
    partId: STRING,
  },
  { id: true, sourceType: true },
);

const FIELDS = ["url", "title", "mediaType", "filename", "messageId", "stepId", "partId"] as const;

/** A source ref from loose JSON, or undefined when it names no source (no id and no url). Unknown keys
 * are dropped; `sourceType` defaults to `url` when a url is present, else `document`. */
export function readSourceRef(value: unknown): SourceRef | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const url = typeof record.url === "string" && record.url !== "" ? record.url : undefined;
  const rawId = typeof record.id === "string" && record.id !== "" ? record.id : undefined;
  const id = rawId ?? url;
  if (id === undefined) return undefined;
  const declared = record.sourceType;
  const sourceType: SourceType =
    declared === "url" || declared === "document" ? declared : url !== undefined ? "url" : "document";
  const ref: SourceRef = { id, sourceType };
  for (const key of FIELDS) {
    const field = record[key];
    if (typeof field === "string" && field !== "") ref[key] = field;
  }
  return ref;
}

/** Source refs from a loose array, first occurrence of each id kept. */
export function readSourceRefs(value: unknown): SourceRef[] {
  if (!Array.isArray(value)) return [];
  const out: SourceRef[] = [];
  const seen = new Set<string>();
  for (const item of value) {
    const ref = readSourceRef(item);
    if (ref === undefined || seen.has(ref.id)) continue;
    seen.add(ref.id);
    out.push(ref);
  }
  return out;
}

/** Merges `incoming` into `into` by id (later facts fill or replace fields); true when anything changed. */
export function mergeSourceRefs(into: SourceRef[], incoming: readonly SourceRef[]): boolean {
  let changed = false;
  for (const ref of incoming) {
    const index = into.findIndex((known) => known.id === ref.id);
    if (index === -1) {
      into.push({ ...ref });
      changed = true;
      continue;
    }
    const merged = { ...into[index], ...ref } as SourceRef;
    if (JSON.stringify(merged) !== JSON.stringify(into[index])) {
      into[index] = merged;
      changed = true;
    }
  }
  return changed;
}

/** The url a surface may link to: only absolute http(s) urls, else undefined (a `javascript:` or `data:`
 * url is shown as text, never followed). */
export function linkableSourceUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The host shown beside a citation, or undefined when the url has none. */
export function sourceHost(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const host = new URL(url).host;
    return host === "" ? undefined : host;
  } catch {
    return undefined;
  }
}
