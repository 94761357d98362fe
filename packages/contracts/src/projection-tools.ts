// The tool and approval part of the projection snapshot: tool calls with their attempts, outputs and
// errors, and the actions (approvals, questions) that gate them (TOOL-*, HITL-*).
import type { FactSource, Honest } from "./projection-state";
import type { ActionStatus, ActionType, ToolState } from "./taxonomy";

export interface ToolAttempt {
  attempt: number;
  status: ToolState;
  outputPreview?: string;
  outputRef?: string;
  error?: ToolError;
  source?: FactSource;
}

export interface ToolError {
  message: string;
  category?: string;
  retryable?: boolean;
}

export interface ToolRecord {
  toolCallId: string;
  name: Honest<string>;
  status: ToolState;
  kind?: string;
  inputSummary?: string;
  /** Number of input fields replaced by redaction markers (TOOL-03). */
  redactedFields?: number;
  /** Bounded for display (`previewBytes`); the source's own preview when it sent one. */
  outputPreview?: string;
  /** The whole output as text, when the result carried it inline (redacted) and it is at most
   * `outputTextBytes`: what a result rebuilt from the projection needs (TOOL-03/05). Absent when the
   * output is only known by its preview or ref. */
  outputText?: string;
  outputRef?: string;
  outputBytes?: number;
  /** The id of the message that carried the result (AG-UI's tool-role message), when the source gave it. */
  resultMessageId?: string;
  error?: ToolError;
  progress?: { message?: string; ratio?: number };
  attempts: ToolAttempt[];
  actionId?: string;
  messageId?: string;
  agentId?: string;
  turnId?: string;
  runId?: string;
  artifactIds: string[];
  evidenceIds: string[];
  hook?: { status: string; decision?: string; reason?: string };
  sandboxViolation?: string;
  startedAt?: string;
  endedAt?: string;
  source?: FactSource;
}

export interface ActionRecord {
  actionId: string;
  status: ActionStatus;
  type: ActionType;
  /** The source's own vocabulary, e.g. Lime `tool_permission` (§E-5). */
  sourceType?: string;
  title?: string;
  prompt?: string;
  schema?: Record<string, unknown>;
  availableDecisions: Honest<string[]>;
  decision?: string;
  response?: Record<string, unknown>;
  requestedBy?: { agentId?: string; subagentId?: string; name?: string };
  /** The tool this action gates; `unknown` when the runtime did not say (HITL-06, §E-6). */
  toolCallId: Honest<string>;
  toolName?: string;
  scope?: Record<string, unknown>;
  severity?: string;
  expiresAt?: string;
  turnId?: string;
  taskId?: string;
  auditSummary?: string;
  source?: FactSource;
  resolvedBy?: FactSource;
}
