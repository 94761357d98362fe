export type {
  ResumeOutcome,
  RuntimeSink,
  RuntimeSource,
  RuntimeSourceContext,
  RuntimeSourceFactory,
  RuntimeSourceInit,
  RuntimeSourceResumeInit,
  SourceStatus,
} from "@agent-ui/contracts";
export { SourceConfigError, unavailableResult } from "@agent-ui/contracts";
export { pushSource } from "./sources/push-source";
export * from "./store/session-store";
export { createSqliteStore, type SqliteStoreOptions } from "./store/sqlite-store";
export { createPostgresStore, dropPostgresSchema, type PostgresStoreOptions } from "./store/postgres-store";
export { Gateway, type GatewayOptions, type CreateSessionInput } from "./gateway/gateway";
export { GatewayError } from "./gateway/errors";
export { DataDirLockedError, LOCK_FILE } from "./store/data-dir-lock";
export { MARKER_FILE, StoreRefusedError, type IntegrityReport } from "./store/sqlite-integrity";
export { RESTART_REASON, type RestartReport, resumeAfterRestart } from "./gateway/restart";
export type { ProjectorFactory, GatewayProjector } from "./gateway/session-projection";
export { createApp, type AppOptions } from "./http/app";
export { startServer, openStore, type ServerOptions, type RunningServer } from "./start-server";
