/** Cases that fail today because a package does not do it yet. The assertion stays as the standard says;
 * `agent-ui conformance` still reports these as FAIL. Remove an entry as soon as its case passes (the suite
 * test warns when a listed case starts passing). */
export interface KnownGap {
  id: string;
  /** Which package lacks what. */
  reason: string;
}

export const KNOWN_GAPS: KnownGap[] = [];
