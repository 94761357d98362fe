// The version rail of an artifact: versions named by their position ("Version 2", the id stays in the
// title for the inspector), the current one marked; **Open** shows an old version's content, **Compare**
// shows a coloured diff between any two loaded versions, **Restore** sends the runtime's `rollback`
// control and waits until the artifact's current version changes (CTRL-01). A version's content comes from
// its read ref: the host's `versionRef`, else the ref the artifact named while that version was current.
import type { ArtifactRecord } from "@agent-ui/contracts";
import { useRef, useState } from "react";
import { ArtifactBody } from "./artifact-body";
import type { Dispatch } from "./commands";
import { ControlButton } from "./controlled-write";
import { VersionDiff } from "./diff-view";
import type { DetailLoader } from "./lazy-detail";

/** The read ref of one version, when the host knows it (e.g. from its history API). */
export type VersionRef = (artifactId: string, versionId: string) => string | undefined;

export function versionLabel(artifact: ArtifactRecord, versionId: string | undefined): string {
  const index = versionId ? artifact.versions.findIndex((v) => v.versionId === versionId) : -1;
  return index === -1 ? "unknown" : `Version ${index + 1}`;
}

type Loaded = Record<
  string,
  { status: "loading" } | { status: "loaded"; text: string } | { status: "error"; message: string }
>;

export function ArtifactVersions({
  artifact,
  dispatch,
  loadDetail,
  versionRef,
}: {
  artifact: ArtifactRecord;
  dispatch?: Dispatch;
  loadDetail?: DetailLoader;
  versionRef?: VersionRef;
}) {
  // Refs seen while each version was current: the artifact names only its current version's read ref.
  const seen = useRef(new Map<string, string>());
  if (artifact.currentVersionId && artifact.readRef)
    seen.current.set(artifact.currentVersionId, artifact.readRef);
  const refOf = (versionId: string) =>
    versionRef?.(artifact.artifactId, versionId) ?? seen.current.get(versionId);
  const [loaded, setLoaded] = useState<Loaded>({});
  const [open, setOpen] = useState<string | null>(null);
  const [compare, setCompare] = useState<{ from: string; to: string } | null>(null);

  const load = async (versionId: string) => {
    const ref = refOf(versionId);
    if (!ref || !loadDetail || loaded[versionId]?.status === "loaded") return;
    setLoaded((l) => ({ ...l, [versionId]: { status: "loading" } }));
    try {
      const text = await loadDetail(ref);
      setLoaded((l) => ({ ...l, [versionId]: { status: "loaded", text } }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setLoaded((l) => ({ ...l, [versionId]: { status: "error", message } }));
    }
  };
  const versions = artifact.versions;
  const canLoad = (versionId: string) => !!loadDetail && !!refOf(versionId);
  const textOf = (versionId: string) => {
    const entry = loaded[versionId];
    return entry?.status === "loaded" ? entry.text : undefined;
  };
  const startCompare = (from: string, to: string) => {
    setCompare({ from, to });
    void load(from);
    void load(to);
  };
  const previous = (i: number) => versions[i - 1]?.versionId;
  const before = compare ? textOf(compare.from) : undefined;
  const after = compare ? textOf(compare.to) : undefined;
  const title = artifact.title ?? "artifact";

  return (
    <section aria-label="Versions" className="aui-version-rail">
      <h4>Versions</h4>
      {versions.length === 0 ? <p className="aui-hint">versions: unknown</p> : null}
      <ol className="aui-versions">
        {versions.map((v, i) => {
          const label = `Version ${i + 1}`;
          const current = v.versionId === artifact.currentVersionId;
          const entry = loaded[v.versionId];
          return (
            <li key={v.versionId} aria-current={current ? "true" : undefined} title={v.versionId}>
              <span className="aui-version-label">{label}</span>
              {current ? <span className="aui-hint"> (current)</span> : null}
              {canLoad(v.versionId) ? (
                <button
                  type="button"
                  className="aui-button aui-button-quiet"
                  aria-expanded={open === v.versionId}
                  aria-label={`Open ${label}`}
                  onClick={() => {
                    setOpen(open === v.versionId ? null : v.versionId);
                    void load(v.versionId);
                  }}
                >
                  {open === v.versionId ? "Close" : "Open"}
                </button>
              ) : null}
              {i > 0 && canLoad(v.versionId) && canLoad(previous(i)) ? (
                <button
                  type="button"
                  className="aui-button aui-button-quiet"
                  aria-label={`Compare ${label} with Version ${i}`}
                  onClick={() => startCompare(previous(i), v.versionId)}
                >
                  Compare with previous
                </button>
              ) : null}
              {dispatch && !current ? (
                <ControlButton
                  dispatch={dispatch}
                  intent={{ kind: "rollback", artifactId: artifact.artifactId, versionId: v.versionId }}
                  fact={artifact.currentVersionId}
                  label="Restore"
                  name={`Restore ${label}`}
                />
              ) : null}
              {entry?.status === "loading" && open === v.versionId ? (
                <span className="aui-hint"> loading…</span>
              ) : null}
              {entry?.status === "error" ? (
                <span className="aui-tool-error"> unavailable: {entry.message}</span>
              ) : null}
              {open === v.versionId && entry?.status === "loaded" ? (
                <div className="aui-version-body">
                  <ArtifactBody text={entry.text} kind={artifact.kind} name={artifact.title} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {versions.length > 1 && versions.some((v) => canLoad(v.versionId)) ? (
        <CompareForm artifact={artifact} canLoad={canLoad} onCompare={startCompare} />
      ) : null}
      {compare && before !== undefined && after !== undefined ? (
        <VersionDiff
          before={before}
          after={after}
          fromLabel={`${title} ${versionLabel(artifact, compare.from)}`}
          toLabel={`${title} ${versionLabel(artifact, compare.to)}`}
        />
      ) : null}
    </section>
  );
}

function CompareForm({
  artifact,
  canLoad,
  onCompare,
}: {
  artifact: ArtifactRecord;
  canLoad: (versionId: string) => boolean;
  onCompare: (from: string, to: string) => void;
}) {
  const options = artifact.versions.filter((v) => canLoad(v.versionId));
  const [from, setFrom] = useState(options[0]?.versionId ?? "");
  const [to, setTo] = useState(options[options.length - 1]?.versionId ?? "");
  return (
    <div className="aui-compare">
      <label>
        From{" "}
        <select value={from} onChange={(e) => setFrom(e.target.value)}>
          {options.map((v) => (
            <option key={v.versionId} value={v.versionId}>
              {versionLabel(artifact, v.versionId)}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        to{" "}
        <select value={to} onChange={(e) => setTo(e.target.value)}>
          {options.map((v) => (
            <option key={v.versionId} value={v.versionId}>
              {versionLabel(artifact, v.versionId)}
            </option>
          ))}
        </select>
      </label>{" "}
      <button
        type="button"
        className="aui-button"
        disabled={!from || !to || from === to}
        onClick={() => onCompare(from, to)}
      >
        Compare
      </button>
    </div>
  );
}
