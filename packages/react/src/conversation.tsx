// Conversation: ordered message parts (seed 004 UIMessageParts). Only `assistant_text` forms the answer;
// process parts stay in runs of InlineProcess at their place in the order (PROC-01); runtime status and
// diagnostics never become conversation text (STAT-02, DIAG-01); worker notifications are rendered as
// their own kind, never as user speech (TEAM-04/06); each agent is its own author (TEAM-05).
import { CitationList } from "./citation-list";
import type { CutMessage } from "@agent-ui/client";
import type {
  ActionRecord,
  AgentRecord,
  ArtifactRecord,
  EvidenceRecord,
  Message,
  MessagePart,
  ToolRecord,
} from "@agent-ui/contracts";
import { memo, useDeferredValue } from "react";
import type { Dispatch } from "./commands";
import { CardButton } from "./card-button";
import { FactLink, UnknownPart } from "./fact-link";
import { Badge, honestText, isUnknown } from "./honest";
import { InlineProcess } from "./inline-process";
import { ArtifactPreviewRef } from "./artifact-preview";
import type { DetailLoader } from "./lazy-detail";
import { MarkdownText } from "./markdown-text";
import { type MessageControls, MessageActions } from "./message-actions";
import { RelativeTime } from "./relative-time";
import { TurnUsage } from "./usage";
import { ReplyAnnouncer, findLast } from "./reply-announcer";
import { StreamingText } from "./streaming-text";

export interface ConversationProps {
  messages: Message[];
  tools: Record<string, ToolRecord>;
  actions: Record<string, ActionRecord>;
  agents: Record<string, AgentRecord>;
  artifacts: Record<string, ArtifactRecord>;
  /** Evidence records, for the status on `evidence_ref` links (the body stays in the evidence lane). */
  evidence?: Record<string, EvidenceRecord>;
  dispatch: Dispatch;
  onOpenArtifact?: (artifactId: string) => void;
  /** Opens the evidence lane at one evidence fact (`evidence_ref` parts). */
  onOpenEvidence?: (evidenceId: string) => void;
  /** Opens the team workbench at one teammate (`agent_task` parts). */
  onOpenAgent?: (agentId: string) => void;
  /** Reads a tool's full output by its ref, shown in place (TOOL-05). */
  loadDetail?: DetailLoader;
  /** Per-message writes the runtime supports (regenerate, edit and resend); absent ones are hidden. Copy is
   * always offered. */
  controls?: MessageControls;
  /** When a message was said (ISO string or epoch ms): shown relative, exact on hover. Default: the
   * projection's `createdAt` (its first event's timestamp); return `undefined` to show no time. */
  timeOf?: (message: Message) => string | number | undefined;
  /** Messages shown cut to the gateway's byte budget (`SessionClient.cutMessages`): each says so, with a
   * "Load whole message" button calling `onLoadWholeMessage`. */
  cuts?: ReadonlyMap<string, CutMessage>;
  onLoadWholeMessage?: (messageId: string) => void;
  /** The message a link elsewhere (a timeline row) opened: marked current and scrolled into view. */
  focusMessageId?: string;
}

const PROCESS_KINDS = new Set([
  "reasoning_summary",
  "reasoning_detail",
  "plan",
  "tool_call",
  "tool_result",
  "action_required",
  "agent_task",
  "agent_roster",
  "agent_handoff",
  "remote_agent_status",
  "file_change",
]);
/** Kinds that belong to other surfaces (status row, diagnostics drawer). */
const HIDDEN_KINDS = new Set(["runtime_status", "diagnostic"]);

type Segment = { kind: "process"; parts: MessagePart[] } | { kind: "part"; part: MessagePart };

/** Groups consecutive process parts, keeping everything in runtime order. */
export function segmentParts(parts: MessagePart[]): Segment[] {
  const segments: Segment[] = [];
  for (const part of parts) {
    if (HIDDEN_KINDS.has(part.kind)) continue;
    if (PROCESS_KINDS.has(part.kind)) {
      const last = segments[segments.length - 1];
      if (last?.kind === "process") last.parts.push(part);
      else segments.push({ kind: "process", parts: [part] });
    } else segments.push({ kind: "part", part });
  }
  return segments;
}

/** The time a message was said, as projected. */
export const messageTime = (message: Message): string | undefined => message.createdAt;

/** The newest messages a conversation's first frame renders; the older ones mount in a background render
 * right after it (above the view, which follows the newest), so opening a long session neither waits for
 * rendering every message of its window nor for parsing every answer's markdown. */
export const FIRST_FRAME_MESSAGES = 4;

/** Scrolls the focused message into view once it is rendered. */
const revealOnMount = (el: HTMLElement | null) => el?.scrollIntoView?.({ block: "nearest" });

export function Conversation({ focusMessageId, ...props }: ConversationProps) {
  const { messages } = props;
  const first = messages.length - FIRST_FRAME_MESSAGES;
  // A focused older message is in the first frame: the view scrolls to it. (Only the first render reads
  // the initial value; the scan copies nothing.)
  const all = useDeferredValue(
    true,
    first <= 0 || messages.some((m, i) => i < first && m.id === focusMessageId),
  );
  const latestAnswerId = findLast(messages, (m) => m.role === "assistant")?.id;
  // Only messages with write controls watch the conversation for the runtime's new message.
  const lastId = props.controls ? messages[messages.length - 1]?.id : undefined;
  return (
    <>
      <div className="aui-conversation" role="log" aria-label="Conversation" aria-live="off">
        {messages.length === 0 ? <p className="aui-hint">No messages yet.</p> : null}
        {(all ? messages : messages.slice(first)).map((message) => (
          <MessageView
            key={message.id}
            message={message}
            {...props}
            cut={props.cuts?.get(message.id)}
            isLatestAnswer={message.id === latestAnswerId}
            conversationFact={lastId}
            focused={message.id === focusMessageId}
          />
        ))}
      </div>
      <ReplyAnnouncer messages={messages} agents={props.agents} />
    </>
  );
}

type MessageViewProps = Omit<ConversationProps, "messages" | "cuts"> & {
  message: Message;
  cut: CutMessage | undefined;
  isLatestAnswer: boolean;
  conversationFact: unknown;
  focused: boolean;
};

const MessageView = memo(function MessageView({
  message,
  cut,
  isLatestAnswer,
  conversationFact,
  focused,
  ...ctx
}: MessageViewProps) {
  const time = (ctx.timeOf ?? messageTime)(message);
  const author = authorOf(message, ctx.agents);
  const isNotification = message.role === "notification";
  return (
    <article
      className={`aui-message aui-role-${message.role}${message.optimistic ? " aui-optimistic" : ""}`}
      aria-label={isNotification ? `Worker notification from ${author}` : `Message from ${author}`}
      data-role={message.role}
      data-message-id={message.id}
      aria-current={focused ? "true" : undefined}
      ref={focused ? revealOnMount : undefined}
    >
      <header className="aui-message-head">
        <span className="aui-author">{author}</span>
        {isNotification ? <Badge value="worker notification" tone="info" /> : null}
        {message.optimistic ? <Badge value="sending" tone="muted" /> : null}
        {time !== undefined ? <RelativeTime value={time} /> : null}
      </header>
      {cut !== undefined ? (
        <CutNote messageId={message.id} state={cut} onLoad={ctx.onLoadWholeMessage} />
      ) : null}
      {segmentParts(message.parts).map((segment) =>
        segment.kind === "process" ? (
          <InlineProcess
            key={segment.parts[0].id}
            parts={segment.parts}
            tools={ctx.tools}
            actions={ctx.actions}
            agents={ctx.agents}
            dispatch={ctx.dispatch}
            onOpenAgent={ctx.onOpenAgent}
            loadDetail={ctx.loadDetail}
          />
        ) : (
          <PartView key={segment.part.id} part={segment.part} {...ctx} />
        ),
      )}
      <MessageActions
        message={message}
        isLatestAnswer={isLatestAnswer}
        controls={ctx.controls}
        dispatch={ctx.dispatch}
        conversationFact={conversationFact}
      />
      {message.usage !== undefined ? <TurnUsage usage={message.usage} id={message.id} /> : null}
    </article>
  );
});

type PartContext = Omit<ConversationProps, "messages" | "cuts">;

/** A message shown cut to the gateway's byte budget says so, with the control that loads it whole. */
function CutNote(props: { messageId: string; state: CutMessage; onLoad?: (messageId: string) => void }) {
  const { cut, loading, error } = props.state;
  const missing = cut.parts.total - cut.parts.included;
  return (
    <div className="aui-message-cut" role="note">
      <span>
        Earlier parts of this message are not loaded ({formatBytes(cut.bytes)} in all
        {missing > 0 ? `, ${missing} earlier part${missing === 1 ? "" : "s"} left out` : ""}).
      </span>
      {props.onLoad ? (
        <button
          type="button"
          className="aui-button aui-button-quiet"
          disabled={loading}
          onClick={() => props.onLoad?.(props.messageId)}
        >
          {loading ? "Loading whole message…" : error ? "Retry loading whole message" : "Load whole message"}
        </button>
      ) : null}
      {error ? (
        <span className="aui-tool-error" role="alert">
          Could not load the whole message: {error}
        </span>
      ) : null}
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
}

function PartView({ part, ...ctx }: { part: MessagePart } & PartContext) {
  switch (part.kind) {
    case "assistant_text":
      return (
        <MarkdownText
          text={part.text ?? ""}
          streaming={part.status === "streaming"}
          className="aui-text aui-answer"
        />
      );
    case "user_text":
      return (
        <>
          <StreamingText
            text={part.text ?? ""}
            streaming={part.status === "streaming"}
            className="aui-text"
          />
          <SentContext part={part} {...ctx} />
        </>
      );
    case "worker_notification":
      return <p className="aui-worker-note">{part.text ?? part.title ?? "Worker update"}</p>;
    case "artifact_ref": {
      const artifact = part.artifactId ? ctx.artifacts[part.artifactId] : undefined;
      const title = artifact?.title ?? part.title ?? "Untitled artifact";
      const previewRef =
        typeof part.data?.previewRef === "string" ? part.data.previewRef : artifact?.previewRef;
      const card = (
        <CardButton title={title} onClick={() => part.artifactId && ctx.onOpenArtifact?.(part.artifactId)}>
          <Badge label="kind" value={honestText(artifact?.kind)} />
          <Badge value={artifact?.status ?? "unknown"} />
        </CardButton>
      );
      if (!previewRef) return card;
      // The preview control sits beside the card (a button cannot hold another button).
      return (
        <div className="aui-artifact-card-group">
          {card}
          <ArtifactPreviewRef
            previewRef={previewRef}
            loadDetail={ctx.loadDetail}
            dispatch={ctx.dispatch}
            title={title}
          />
        </div>
      );
    }
    case "evidence_ref": {
      const id = part.evidenceId;
      const reviewId = typeof part.data?.reviewId === "string" ? part.data.reviewId : undefined;
      const link = (
        <FactLink
          kind="evidence"
          label={id ?? "unknown"}
          status={id ? (ctx.evidence?.[id]?.status ?? "unknown") : "unknown"}
          detail={reviewId ? `cited by review ${reviewId}` : undefined}
          onOpen={id && ctx.onOpenEvidence ? () => ctx.onOpenEvidence?.(id) : undefined}
        />
      );
      const citations = part.citations ?? (id ? ctx.evidence?.[id]?.citations : undefined);
      if (citations === undefined || citations.length === 0) return link;
      return (
        <div className="aui-evidence-ref">
          {link}
          <CitationList citations={citations} label={`Sources of evidence ${id ?? "unknown"}`} />
        </div>
      );
    }
    case "context_event":
      return (
        <p className="aui-boundary" data-boundary="context">
          <span>{part.title ?? part.text ?? "Context compacted"}</span>
        </p>
      );
    case "error":
      return (
        <p className="aui-tool-error" role="alert">
          {part.text ?? "Error"}
        </p>
      );
    default:
      return <UnknownPart part={part} />;
  }
}

/** The context a user message was sent with, as the runtime recorded it (`data.contextRefs`): chips with
 * the label the session knows, the bare id otherwise — never a guessed name. */
function SentContext({ part, agents, artifacts, evidence }: { part: MessagePart } & PartContext) {
  const refs = part.kind === "user_text" ? part.data?.contextRefs : undefined;
  if (!Array.isArray(refs) || refs.length === 0) return null;
  const labelOf = (id: string) => {
    const agent = agents[id];
    if (agent) return isUnknown(agent.name) ? id : agent.name;
    return artifacts[id]?.title ?? (evidence?.[id] ? `evidence ${id}` : id);
  };
  return (
    <ul className="aui-chips aui-sent-context" aria-label="Sent with context">
      {refs
        .filter((r): r is string => typeof r === "string")
        .map((id) => (
          <li key={id} className="aui-chip" title={id}>
            {labelOf(id)}
          </li>
        ))}
    </ul>
  );
}

function authorOf(message: Message, agents: Record<string, AgentRecord>): string {
  if (message.role === "user") return "You";
  const agent = message.agentId ? agents[message.agentId] : undefined;
  if (agent) return honestText(agent.name, "unknown");
  if (message.agentId) return message.agentId;
  return message.role === "assistant" ? "Assistant" : message.role === "system" ? "System" : "Worker";
}
