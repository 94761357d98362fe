// The gateway's wire format is stated in @agent-ui/contracts; the client re-exports it for its users.
export {
  type LogEntry,
  type ReadyFrame,
  type ServerFrame,
  type ResumeCursor,
  MAX_CURSOR_LENGTH,
  formatCursor,
  parseCursor,
  type ErrorBody,
  WS_PROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
  SSE_READY_EVENT,
  SSE_ENTRY_EVENT,
  SSE_CLOSE_EVENT,
  type SourceInfo,
  type SessionRunSummary,
  type SessionInfo,
  type ConnectionTestRequest,
  type ConnectionTestCode,
  type ConnectionFound,
  type ConnectionTestResult,
  SSE_SESSIONS_EVENT,
  type WindowInfo,
  WINDOW_TABLES,
  type WindowTable,
  type HydrationWindow,
  type TablePage,
  type TableRow,
  TEAM_LISTS,
  type TeamList,
  type TeamPage,
  type TimelinePage,
  type MessageCut,
  type MessageRow,
  type HistoryPage,
  type DetailContent,
  type EventsPage,
  type SseMessage,
  SseDecoder,
} from "@agent-ui/contracts";
export * from "./backoff";
export * from "./write-port";
export * from "./runtime-client";
export * from "./gateway-http";
export * from "./log-subscription";
export * from "./session-client";
export * from "./earlier-messages";
export * from "./message-cuts";
export * from "./sessions-feed";
export * from "./optimistic-messages";
export * from "./connect";
export * from "./transports/transport";
export * from "./transports/sse";
export * from "./transports/websocket";
export * from "./transports/in-process";
export * from "./latency";
export * from "./access-token";
export * from "./ingest-sink";
