// The session's side panels (tasks, team, artifacts, evidence, timeline): a chunk of their own, so the
// conversation's first paint does not wait for their code (see session-view.tsx).
import {
  ArtifactWorkspace,
  coordinatorPolicyOf,
  TaskCapsules,
  TaskGraph,
  TeamWorkbench,
  type ArtifactWorkspaceProps,
  EvidenceLane,
  type EvidenceLaneProps,
  type FactLinks,
  inlineFactIds,
  type OlderPages,
  ProcessTimeline,
  type ProjectionStore,
  shallowEqual,
  useProjection,
} from "@agent-ui/react";
import type { ProjectionState } from "@agent-ui/contracts";
import { useMemo, useState } from "react";
import {
  selectArtifacts,
  selectCapsules,
  selectEvidence,
  selectPermissions,
  selectTeam,
  selectTimeline,
} from "./selectors";
import type { Pane } from "./session-view";

export function CapsulesPane({
  store,
  dispatch,
  older,
  focusId,
}: Pane & { older?: OlderPages; focusId?: string }) {
  const { tasks, queue } = useProjection(store, selectCapsules, shallowEqual);
  return (
    <>
      <TaskCapsules tasks={tasks} queue={queue} dispatch={dispatch} older={older} focusId={focusId} />
      <TaskGraph tasks={tasks} />
    </>
  );
}

export function TeamPane({ store, ...props }: Pane & { focusAgentId?: string; older?: OlderPages }) {
  const slice = useProjection(store, selectTeam, shallowEqual);
  const permissions = useProjection(store, selectPermissions);
  const coordinatorPolicy = useMemo(() => coordinatorPolicyOf(permissions), [permissions]);
  return <TeamWorkbench {...slice} {...props} coordinatorPolicy={coordinatorPolicy} />;
}

export function ArtifactsPane({
  store,
  ...props
}: Pane & Omit<ArtifactWorkspaceProps, "artifacts" | "reviews" | "dispatch">) {
  const slice = useProjection(store, selectArtifacts, shallowEqual);
  return <ArtifactWorkspace {...slice} {...props} />;
}

export function EvidencePane({
  store,
  ...props
}: Pane & Pick<EvidenceLaneProps, "loadDetail" | "focusId" | "older">) {
  const slice = useProjection(store, selectEvidence, shallowEqual);
  return <EvidenceLane {...slice} {...props} />;
}

export function TimelinePane({
  store,
  older,
  links,
}: {
  store: ProjectionStore<ProjectionState>;
  older?: OlderPages;
  /** Opens the surface that owns a fact a row links (AS-TL-02). */
  links?: FactLinks;
}) {
  const { timeline, tools, actions } = useProjection(store, selectTimeline, shallowEqual);
  const inline = useMemo(() => inlineFactIds({ tools, actions }), [tools, actions]);
  const [selected, setSelected] = useState<string | undefined>();
  return (
    <ProcessTimeline
      entries={timeline}
      inlineFactIds={inline}
      selectedId={selected}
      onSelect={(e) => setSelected(e.id)}
      height={420}
      older={older}
      links={links}
    />
  );
}
