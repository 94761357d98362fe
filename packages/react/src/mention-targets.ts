// What the composer can reference (COMP-01/02): only things the projection already knows — teammates,
// context refs, artifacts, files seen in file changes, evidence. Each becomes a target with a stable id (the
// id that goes into `contextRefs`), the label its chip shows and a kind. Nothing is invented: a teammate
// whose name is `unknown` is offered by id, and no target exists for something the runtime never named.
import type { AgentRecord, ArtifactRecord, ContextSlice, EvidenceRecord } from "@agent-ui/contracts";
import { isUnknown } from "./honest";

export type MentionKind = "teammate" | "context" | "artifact" | "file" | "evidence";

/** Something the user can attach by mentioning or picking it: a stable id plus the label shown on its chip. */
export interface MentionTarget {
  id: string;
  label?: string;
  /** `teammate`, `context`, `artifact`, `file`, `evidence`, or a host's own kind. */
  kind?: string;
  /** Secondary text in the suggestion list, e.g. a teammate's role. */
  detail?: string;
}

/** The projection slices targets come from; each is optional so a host passes what it has. */
export interface MentionSources {
  agents?: Record<string, AgentRecord>;
  artifacts?: Record<string, ArtifactRecord>;
  evidence?: Record<string, EvidenceRecord>;
  context?: Pick<ContextSlice, "refs">;
}

/** Artifacts that are files a tool wrote or changed (code, diffs) are offered as files: what a user calls
 * them. Their ids are artifact ids either way. */
const FILE_KINDS: ReadonlySet<string> = new Set(["diff", "code"]);

/** Every target the projection knows, teammates first. Linear in the sources; call it when they change. */
export function mentionTargetsOf(sources: MentionSources): MentionTarget[] {
  const targets: MentionTarget[] = [];
  for (const agent of Object.values(sources.agents ?? {})) {
    targets.push({
      id: agent.agentId,
      label: isUnknown(agent.name) ? undefined : String(agent.name),
      kind: "teammate",
      detail: agent.role,
    });
  }
  for (const ref of sources.context?.refs ?? []) {
    targets.push({ id: ref.id, label: ref.label, kind: "context", detail: ref.kind });
  }
  for (const artifact of Object.values(sources.artifacts ?? {})) {
    targets.push({
      id: artifact.artifactId,
      label: artifact.title,
      kind: FILE_KINDS.has(artifact.kind) ? "file" : "artifact",
      detail: artifact.kind,
    });
  }
  for (const record of Object.values(sources.evidence ?? {})) {
    targets.push({ id: record.evidenceId, kind: "evidence", detail: record.status });
  }
  return dedupeById(targets);
}

function dedupeById(targets: MentionTarget[]): MentionTarget[] {
  const byId = new Map<string, MentionTarget>();
  for (const t of targets) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()];
}

/** The label a chip or suggestion shows. */
export const targetLabel = (t: MentionTarget): string => t.label ?? t.id;

/** Suggestions for a typed `@query`: word-prefix matches on label, id or detail first, then substring
 * matches, each in source order; at most `limit`. */
export function filterTargets(targets: readonly MentionTarget[], query: string, limit = 8): MentionTarget[] {
  const q = query.toLowerCase();
  if (q === "") return targets.slice(0, limit);
  const prefix: MentionTarget[] = [];
  const inner: MentionTarget[] = [];
  for (const t of targets) {
    const fields = [t.label, t.id, t.detail].filter((f): f is string => !!f).map((f) => f.toLowerCase());
    if (fields.some((f) => f.startsWith(q) || f.split(/[\s._\-/]+/).some((w) => w.startsWith(q))))
      prefix.push(t);
    else if (fields.some((f) => f.includes(q))) inner.push(t);
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...inner].slice(0, limit);
}

// A mention token: word characters, dots, dashes and slashes, not ending in punctuation (`@sales.csv`,
// `@docs/plan.md`). Shared by the parser, the autocomplete and `insertToken` so all agree on what a mention is.
export const MENTION_TOKEN_SOURCE = String.raw`[\w][\w.\-/]*[\w]|[\w]`;
const MENTION_TOKEN = new RegExp(`^(?:${MENTION_TOKEN_SOURCE})$`);
/** Characters a mention token may contain (the autocomplete scans back over these from the caret). */
export const MENTION_CHAR = /[\w.\-/]/;

/** The text a pick inserts after `@`: the label when it is a clean token no other target uses (so the
 * draft reads naturally), else the id, made a clean token if needed. The pick itself pins the target, so
 * the token only has to parse as one mention. */
export function insertToken(target: MentionTarget, targets: readonly MentionTarget[]): string {
  const label = target.label;
  if (label && MENTION_TOKEN.test(label)) {
    const lower = label.toLowerCase();
    const clash = targets.some(
      (t) => t.id !== target.id && (t.id.toLowerCase() === lower || t.label?.toLowerCase() === lower),
    );
    if (!clash) return label;
  }
  if (MENTION_TOKEN.test(target.id)) return target.id;
  const cleaned = target.id.replace(/[^\w.\-/]+/g, "-").replace(/^[^\w]+|[^\w]+$/g, "");
  return cleaned === "" ? "ref" : cleaned;
}
