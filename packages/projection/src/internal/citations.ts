// Source refs read from a payload (EVID-01, ART-01): parsed into the contracts' one shape, secrets in urls
// or titles replaced by markers (SEC-01), and bounded per record so a hostile stream cannot grow one
// evidence record without limit.
import { type SourceRef, mergeSourceRefs, readSourceRefs } from "@agent-ui/contracts";
import { safeValue } from "./safety";

/** Most source refs one record keeps; later ones are counted in a diagnostic by the caller. */
export const MAX_CITATIONS = 256;

export function citationsOf(value: unknown): SourceRef[] {
  const refs = readSourceRefs(value);
  return refs.length === 0 ? refs : safeValue(refs).value;
}

/** Merges refs into a record's list, up to MAX_CITATIONS; returns [changed, dropped]. */
export function addCitations(
  record: { citations?: SourceRef[] },
  incoming: readonly SourceRef[],
): [boolean, number] {
  if (incoming.length === 0) return [false, 0];
  const list = record.citations ?? [];
  const room = Math.max(0, MAX_CITATIONS - list.length);
  const known = new Set(list.map((ref) => ref.id));
  const fresh = incoming.filter((ref) => !known.has(ref.id));
  const kept = [...incoming.filter((ref) => known.has(ref.id)), ...fresh.slice(0, room)];
  const changed = mergeSourceRefs(list, kept);
  if (list.length > 0) record.citations = list;
  return [changed, fresh.length - Math.min(fresh.length, room)];
}
