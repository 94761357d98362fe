// The runtime's record of its team, work board and artifacts, fed by every emitted fact (like OpenFacts).
// Team writes (delegate, continue_agent, wait, close, assign, request_review) and artifact writes (edit,
// rollback, export) check it to accept or reject at once; it is never fed by the UI, only by the runtime's
// own facts, so a write can only refer to what the runtime really has.
import type { RuntimeEvent } from "@agent-ui/contracts";
import { lookupTable } from "@agent-ui/contracts";

/** What a teammate is doing, as far as new work is concerned. */
export type MemberState = "running" | "needs_input" | "waiting" | "idle" | "failed" | "closed";

export interface TeamMember {
  agentId: string;
  name: string;
  role?: string;
  model?: string;
  taskId?: string;
  childSessionId?: string;
  childThreadId?: string;
  parentAgentId?: string;
  state: MemberState;
}

export interface WorkItem {
  taskId: string;
  title: string;
  assigneeId?: string;
  done: boolean;
}

export interface ArtifactVersion {
  versionId: string;
  version: number;
  /** The version's full text, when the runtime produced it (the demo always does). */
  content?: string;
}

export interface ArtifactRecord {
  artifactId: string;
  title: string;
  path?: string;
  versions: ArtifactVersion[];
  /** The newest version number a write has claimed but whose fact has not arrived yet. */
  reserved?: number;
}

const TERMINAL_TASK = /^task\.(completed|failed|cancelled|timed_out|lost|archived)$/;

const MEMBER_STATE_BY_STATUS: Readonly<Record<string, MemberState>> = lookupTable({
  running: "running",
  spawning: "running",
  needs_input: "needs_input",
  waiting: "waiting",
  idle: "idle",
  completed: "idle",
  failed: "failed",
  closed: "closed",
  killed: "closed",
});

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export class TeamRegistry {
  readonly members = new Map<string, TeamMember>();
  readonly workItems = new Map<string, WorkItem>();
  readonly artifacts = new Map<string, ArtifactRecord>();
  /** Every detail ref the runtime has handed out (`outputRef`, `readRef`, `diffRef`, `resultRef`, …). */
  readonly refs = new Set<string>();
  /** The team's coordinator: the newest spawned agent without a parent agent. */
  coordinatorId: string | undefined;
  teamName: string | undefined;
  private writeNo = 0;

  /** A fresh, deterministic number for ids a write mints (`agent_w01_…`, `task_w01_…`). */
  nextWriteNo(): string {
    return `w${String(++this.writeNo).padStart(2, "0")}`;
  }

  /** Resuming after a restart: write numbers continue after the highest the store holds. */
  continueWritesAfter(writeNo: number): void {
    this.writeNo = Math.max(this.writeNo, writeNo);
  }

  /** A team exists and its coordinator is not closed. */
  get active(): boolean {
    const coordinator = this.coordinatorId ? this.members.get(this.coordinatorId) : undefined;
    return coordinator !== undefined && coordinator.state !== "closed";
  }

  get coordinator(): TeamMember | undefined {
    return this.coordinatorId ? this.members.get(this.coordinatorId) : undefined;
  }

  /** A teammate by agent id or (case-insensitive) display name; closed ones too, so a write can say so. */
  find(idOrName: string): TeamMember | undefined {
    const byId = this.members.get(idOrName);
    if (byId) return byId;
    const name = idOrName.toLowerCase();
    let found: TeamMember | undefined;
    // The newest teammate of that name wins: names can repeat across turns.
    for (const member of this.members.values()) if (member.name.toLowerCase() === name) found = member;
    return found;
  }

  /** The newest open teammate with this role. */
  byRole(role: string): TeamMember | undefined {
    let found: TeamMember | undefined;
    for (const member of this.members.values())
      if (member.role === role && member.state !== "closed") found = member;
    return found;
  }

  observe(event: RuntimeEvent): void {
    const { type } = event;
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    this.collectRefs(event);
    this.collectRefs(payload);
    if (type.startsWith("subagent.") && event.subagentId) this.observeAgent(event, payload);
    else if (type.startsWith("task.") && event.taskId) this.observeTask(event, payload);
    else if (type === "artifact.changed" && event.artifactId) this.observeArtifact(event, payload);
  }

  private observeAgent(event: RuntimeEvent, payload: Record<string, unknown>): void {
    const agentId = event.subagentId as string;
    if (event.type === "subagent.spawned") {
      const member: TeamMember = {
        agentId,
        name: str(payload.agentName) ?? agentId,
        role: str(payload.role),
        model: str(payload.model),
        taskId: event.taskId,
        childSessionId: str(payload.childSessionId),
        childThreadId: str(payload.childThreadId),
        parentAgentId: str(payload.parentAgentId),
        state: "running",
      };
      this.members.set(agentId, member);
      // The newest root agent leads: a later team turn's coordinator takes over the team writes.
      if (member.parentAgentId === undefined) {
        this.coordinatorId = agentId;
        this.teamName = str(event.teamName);
      }
      return;
    }
    const member = this.members.get(agentId);
    if (!member) return;
    if (event.type === "subagent.completed") member.state = "idle";
    else if (event.type === "subagent.failed") member.state = "failed";
    else if (event.type === "subagent.closed") member.state = "closed";
    else if (event.type === "subagent.input") member.state = "running";
    else {
      const next = MEMBER_STATE_BY_STATUS[str(payload.status) ?? ""];
      if (next) member.state = next;
    }
    if (event.taskId && member.state === "running") member.taskId = event.taskId;
  }

  private observeTask(event: RuntimeEvent, payload: Record<string, unknown>): void {
    const taskId = event.taskId as string;
    let item = this.workItems.get(taskId);
    if (!item) {
      item = { taskId, title: str(payload.title) ?? taskId, done: false };
      this.workItems.set(taskId, item);
    }
    const assignee = str(payload.assigneeAgentId) ?? event.subagentId;
    if (assignee !== undefined) item.assigneeId = assignee;
    if (TERMINAL_TASK.test(event.type)) item.done = true;
  }

  private observeArtifact(event: RuntimeEvent, payload: Record<string, unknown>): void {
    const artifactId = event.artifactId as string;
    let record = this.artifacts.get(artifactId);
    if (!record) {
      record = { artifactId, title: str(payload.title) ?? artifactId, versions: [] };
      this.artifacts.set(artifactId, record);
    }
    if (str(payload.path)) record.path = str(payload.path);
    const versionId = str(payload.artifactVersionId);
    const version = typeof payload.version === "number" ? payload.version : undefined;
    if (versionId === undefined || version === undefined) return;
    if (record.versions.some((v) => v.versionId === versionId)) return;
    record.versions.push({ versionId, version, content: str(payload.content) });
  }

  private collectRefs(record: Record<string, unknown>): void {
    for (const key in record)
      if (key.endsWith("Ref") && typeof record[key] === "string") this.refs.add(record[key] as string);
  }

  /** Claims the next version number of an artifact for a write whose fact comes later. */
  reserveVersion(artifact: ArtifactRecord): number {
    const current = this.currentVersion(artifact)?.version ?? 0;
    artifact.reserved = Math.max(current, artifact.reserved ?? 0) + 1;
    return artifact.reserved;
  }

  /** The version the next write builds on: the newest one, or one a write already claimed. */
  headVersion(artifact: ArtifactRecord): number {
    return Math.max(this.currentVersion(artifact)?.version ?? 0, artifact.reserved ?? 0);
  }

  /** The artifact's current (newest) version. */
  currentVersion(artifact: ArtifactRecord): ArtifactVersion | undefined {
    return artifact.versions.at(-1);
  }
}
