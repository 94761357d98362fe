// @agent-ui/react: React surfaces over the projection snapshot. Components receive projection state (or a
// slice) plus command callbacks — never the raw event stream (seed 004). Styles: `@agent-ui/react/styles.css`.
export { type CommandIntent, type Dispatch, dispatchSafely, isAccepted } from "./commands";
export {
  type BatchedStore,
  type Equality,
  type FrameBatchOptions,
  type ProjectionStore,
  frameBatched,
  shallowEqual,
  useProjection,
} from "./use-projection";
export { StreamMetrics, type StreamMetricsSnapshot, type StreamRenderMode } from "./stream-metrics";
export {
  Badge,
  FALLBACK_VALUES,
  type FallbackValue,
  clip,
  honestText,
  isFallback,
  isUnknown,
  toneOf,
} from "./honest";
export { RuntimeStatus, type RuntimeStatusProps, STALE_WITHOUT_ACTIVITY_MS } from "./runtime-status";
export { Conversation, type ConversationProps, FIRST_FRAME_MESSAGES, segmentParts } from "./conversation";
export { InlineProcess, type InlineProcessProps, isPartLive, summarizeProcess } from "./inline-process";
export { ProcessTimeline, type ProcessTimelineProps, isShownInline } from "./process-timeline";
export { type IdleRows, type IdleRowsOptions, useIdleRows } from "./idle-rows";
export { VirtualList, type VirtualListProps, visibleRange } from "./virtual-list";
export { WindowedList, type WindowedListProps, windowRange } from "./windowed-list";
export { type OlderList, type OlderPages, type OlderPageSource, olderPagesOf } from "./older-pages";
export { ToolRow, type ToolRowProps } from "./tool-row";
export { ToolThresholdsProvider, type ToolThresholdsValue, useToolThresholds } from "./tool-thresholds";
export { ApprovalCard, type ApprovalCardProps } from "./approval-card";
export { SchemaForm, coerceValues, fieldsOf } from "./schema-form";
export { TaskCapsules, type TaskCapsulesProps, orderCapsules, splitCapsules } from "./task-capsules";
export { DelegationGraph, type DelegationGraphProps, childrenOf, parentsOf } from "./delegation-graph";
export {
  WaitEdges,
  type WaitEdgesProps,
  activeWaitsByAgent,
  waitAnnouncement,
  waitEdgesOf,
} from "./wait-edges";
export { TeamWorkbench, type TeamWorkbenchProps } from "./team-workbench";
export { ArtifactWorkspace, type ArtifactWorkspaceProps } from "./artifact-workspace";
export { ArtifactPreviewRef, type ArtifactPreviewRefProps } from "./artifact-preview";
export { CardButton } from "./card-button";
export { FactLink, UnknownPart } from "./fact-link";
export { type FactLinks, LINKED_REFS, type LinkedRef, messageOfFact } from "./fact-navigation";
export { EvidenceLane, type EvidenceLaneProps } from "./evidence-lane";
export { type DetailLoader, LazyDetail } from "./lazy-detail";
export { ContextChips } from "./context-chips";
export { PermissionStatus } from "./permission-status";
export { DiagnosticsDrawer } from "./diagnostics-drawer";
export { type SessionTab, SessionTabs } from "./session-tabs";
export * from "./session-residency";
export * from "./session-metrics";
export { type Connectable, SessionPool } from "./session/session-pool";
export {
  type RovingTab,
  RovingTablist,
  type RovingTablistProps,
  rovingTarget,
  tabId,
  tabPanelId,
} from "./roving-tabs";
export {
  type ControlButtonProps,
  type ControlledWrite,
  ControlButton,
  DisabledReason,
  WriteFeedback,
  WriteGuard,
  useControlledWrite,
} from "./controlled-write";
export {
  AssignControl,
  ContinueAgentForm,
  DelegateForm,
  RequestReviewButton,
  type TeamControlProps,
  TeammateControls,
  type TeammateProps,
  WaitControl,
  isTeammateRunning,
} from "./team-controls";
export { QueueControls, QueuedTurn, type QueuedTurnView, queuedTurnView } from "./queued-turn";
export { type ArtifactDraft, ArtifactEditor, editBlockedReason } from "./artifact-editor";
export { Composer, type ComposerProps } from "./composer";
export {
  ComposerChips,
  type ComposerContextDraft,
  EMPTY_CONTEXT_DRAFT,
  type ParsedMentions,
  type PickedMention,
  attachedContext,
  contextRefsOf,
  parseMentions,
} from "./composer-context";
export {
  type MentionKind,
  type MentionSources,
  type MentionTarget,
  filterTargets,
  insertToken,
  mentionTargetsOf,
  targetLabel,
} from "./mention-targets";
export {
  type MentionAutocomplete,
  MentionListbox,
  type MentionQuery,
  activeMentionQuery,
  useMentionAutocomplete,
} from "./mention-autocomplete";
export { AttachMenu, type AttachMenuProps, UPLOADS_UNAVAILABLE } from "./composer-attach";
export { type ThemeChoice, ThemeToggle } from "./theme";
export { inlineFactIds } from "./live-facts";
export { CitationList, type CitationListProps } from "./citation-list";
export {
  AgentSession,
  type AgentCommands,
  type AgentSessionOptions,
  type SessionProblem,
  dispatchTo,
  problemOf,
} from "./session/agent-session";
export {
  AgentSessionProvider,
  useAgentConnection,
  useAgentCuts,
  useAgentHistory,
  useAgentSession,
  useAgentSessionContext,
  useAgentState,
} from "./session/use-agent-session";
export { type SessionsApi, type UseSessionsOptions, useSessions } from "./session/use-sessions";
export { ConversationScroller, type ConversationScrollerProps } from "./session/conversation-scroller";
export {
  AgentChat,
  type AgentChatProps,
  AgentChatView,
  ChatComposer,
  ChatConversation,
  selectChat,
} from "./session/agent-chat";
export { MarkdownText, preloadMarkdown } from "./markdown-text";
export { safeHref } from "./markdown/safe-url";
export { CopyButton } from "./copy-button";
export { ReplyAnnouncer } from "./reply-announcer";
export { type MessageControls, MessageActions, messageText } from "./message-actions";
export { RelativeTime, exactTime, relativeTime } from "./relative-time";
export { ElapsedTime, formatDuration } from "./elapsed-time";
export { type ComposerPermissions, ComposerRiskChip } from "./composer-risk";
export { EvidenceExportButton } from "./evidence-export";
export { TaskGraph, type TaskGraphProps } from "./task-graph";
export { TeammatePolicyBadges, coordinatorPolicyOf, policyDifferences } from "./teammate-policy";
export { TurnUsage, UsageSummary, usageRows } from "./usage";
export { reasonText } from "./reason-text";
export { ArtifactBody, bodyFormat } from "./artifact-body";
export { ArtifactVersions, type VersionRef, versionLabel } from "./artifact-versions";
export { DiffView, VersionDiff, unifiedDiffText } from "./diff-view";
