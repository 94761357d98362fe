// `<AgentChat>`: a whole chat over one gateway session — compact status bar, the conversation (with its
// approvals and tool rows inline, and older history on request), and the composer, always in view. Drop it
// into a box with a height; it fills it.
import { isRuntimeActive, type ProjectionState } from "@agent-ui/contracts";
import { useCallback, useMemo } from "react";
import { Composer, type ComposerProps } from "../composer";
import { Conversation, type ConversationProps } from "../conversation";
import { mentionTargetsOf } from "../mention-targets";
import { RuntimeStatus } from "../runtime-status";
import { shallowEqual } from "../use-projection";
import type { AgentSession, AgentSessionOptions } from "./agent-session";
import { ConversationScroller } from "./conversation-scroller";
import {
  useAgentConnection,
  useAgentCuts,
  useAgentHistory,
  useAgentSession,
  useAgentState,
} from "./use-agent-session";

export const selectChat = (s: ProjectionState) => ({
  messages: s.messages,
  tools: s.tools,
  actions: s.actions,
  agents: s.agents,
  artifacts: s.artifacts,
  evidence: s.evidence,
});
const selectRuntime = (s: ProjectionState) => s.runtime;
const selectPermissions = (s: ProjectionState) => s.permissions;
/** Staleness and gaps only: the cursor itself moves with every event. */
const selectCursorHealth = (s: ProjectionState) => ({ stale: s.cursor.stale, gaps: s.cursor.gaps });
const sameHealth = (a: ReturnType<typeof selectCursorHealth>, b: ReturnType<typeof selectCursorHealth>) =>
  a.stale === b.stale && JSON.stringify(a.gaps) === JSON.stringify(b.gaps);
const selectHydration = (s: ProjectionState) => s.session.hydration;
const selectMentionSources = (s: ProjectionState) => ({
  agents: s.agents,
  artifacts: s.artifacts,
  evidence: s.evidence,
  context: s.context,
});

export type AgentChatProps = AgentSessionOptions & ChatParts;

interface ChatParts {
  /** Shown instead of the composer's own reason while writes are not possible. */
  readOnlyReason?: string;
  className?: string;
  /** Links from the conversation into host panels. */
  links?: Pick<ConversationProps, "onOpenArtifact" | "onOpenEvidence" | "onOpenAgent">;
  /** Composer draft kept by the host across unmounts. */
  draft?: Pick<ComposerProps, "initialDraft" | "onDraftChange" | "initialContext" | "onContextChange">;
}

/** A chat over `sessionId` on the gateway at `url`: opens the session and renders `AgentChatView`. */
export function AgentChat(props: AgentChatProps) {
  const { readOnlyReason, className, links, draft, ...options } = props;
  const session = useAgentSession(options);
  return (
    <AgentChatView
      session={session}
      readOnlyReason={readOnlyReason}
      className={className}
      links={links}
      draft={draft}
    />
  );
}

/** The chat for a session the host already holds (`useAgentSession`). */
export function AgentChatView({ session, ...parts }: { session: AgentSession } & ChatParts) {
  const { problem, connection } = useAgentConnection(session);
  return (
    <section className={`aui-chat${parts.className ? ` ${parts.className}` : ""}`} aria-label="Chat">
      <ChatStatus session={session} />
      {problem === "not_found" ? (
        <p className="aui-tool-error" role="alert">
          This session does not exist on the gateway.
        </p>
      ) : problem === "unauthorized" ? (
        <p className="aui-tool-error" role="alert">
          The gateway refused the access token.
        </p>
      ) : problem === "unreachable" ? (
        <p className="aui-chat-banner" role="status">
          Reconnecting to the gateway… ({connection.reason ?? "connection lost"})
        </p>
      ) : null}
      <ChatConversation session={session} links={parts.links} />
      <ChatComposer session={session} readOnlyReason={parts.readOnlyReason} draft={parts.draft} />
    </section>
  );
}

function ChatStatus({ session }: { session: AgentSession }) {
  const runtime = useAgentState(session, selectRuntime);
  const cursor = useAgentState(session, selectCursorHealth, sameHealth);
  const hydration = useAgentState(session, selectHydration);
  return (
    <div className="aui-chat-status">
      <RuntimeStatus
        runtime={runtime}
        cursor={cursor}
        hydration={hydration}
        lastEventAt={session.lastEventAt}
      />
    </div>
  );
}

export function ChatConversation({ session, links }: { session: AgentSession } & Pick<ChatParts, "links">) {
  const slice = useAgentState(session, selectChat, shallowEqual);
  const history = useAgentHistory(session);
  const { loadEarlier } = history;
  const onLoadEarlier = useCallback(() => void loadEarlier(), [loadEarlier]);
  const cuts = useAgentCuts(session);
  return (
    <ConversationScroller history={history} onLoadEarlier={onLoadEarlier}>
      <Conversation
        {...slice}
        {...links}
        dispatch={session.dispatch}
        loadDetail={session.loadDetail}
        {...cuts}
      />
    </ConversationScroller>
  );
}

export function ChatComposer({
  session,
  readOnlyReason,
  draft,
}: { session: AgentSession } & Pick<ChatParts, "readOnlyReason" | "draft">) {
  const runtime = useAgentState(session, selectRuntime);
  const permissions = useAgentState(session, selectPermissions);
  const sources = useAgentState(session, selectMentionSources, shallowEqual);
  const mentionables = useMemo(() => mentionTargetsOf(sources), [sources]);
  const runActive = isRuntimeActive(runtime.status);
  const { dispatch } = session;
  return (
    <div className="aui-chat-composer">
      <Composer
        {...draft}
        dispatch={dispatch}
        permissions={permissions}
        mentionables={mentionables}
        runActive={runActive}
        activeTurnId={runtime.turnId}
        disabledReason={readOnlyReason}
        // The one Interrupt control of the chat; none while time-travelling (read-only).
        onInterrupt={
          runActive && !readOnlyReason
            ? () => void dispatch({ kind: "interrupt", turnId: runtime.turnId })
            : undefined
        }
      />
    </div>
  );
}
