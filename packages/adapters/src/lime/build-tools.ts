// Builders for tool calls, processes (commands run by the runtime) and output storage facts.
import { isOffloadedValue, redact } from "@agent-ui/contracts";
import { detailOf } from "../shared/details";
import { compact, readBoolean, readNumber, readString } from "../shared/record";
import { previewOf, safeText } from "../shared/safe-payload";
import { type Builder, messageOf, numberField, safe, stringField, stringList } from "./build-common";
import type { LimeFacts } from "./facts";

function toolInput(f: LimeFacts): unknown {
  return f.payload.safeArgs ?? f.payload.args ?? f.payload.input ?? f.payload.arguments;
}

/** A process is a command tool row keyed by the runtime's own process id when no toolCallId exists. */
function processKey(f: LimeFacts) {
  return f.ids.toolCallId === undefined && f.extraIds.processId !== undefined
    ? { toolCallId: f.extraIds.processId }
    : {};
}

export const toolStarted: Builder = (f, ctx) => {
  const input = toolInput(f);
  return {
    phase: "acting",
    payload: compact({
      name: stringField(f, "toolName", "tool_name", "name"),
      kind: stringField(f, "kind", "toolKind"),
      input: input !== undefined ? safe(ctx, input) : undefined,
      inputSummary: input !== undefined ? previewOf(input) : undefined,
      policy: stringField(f, "policy"),
    }),
  };
};

export const toolArgs: Builder = (f, ctx) => {
  const argsDelta = stringField(f, "argsDelta", "args_delta", "delta");
  const input = toolInput(f);
  if (argsDelta === undefined && input === undefined) return null;
  return {
    phase: "acting",
    payload: compact({
      argsDelta: argsDelta !== undefined ? safeText(argsDelta) : undefined,
      input: input !== undefined ? safe(ctx, input) : undefined,
      complete: readBoolean(f.payload, "complete", "done"),
    }),
  };
};

export const toolProgress: Builder = (f) => ({
  phase: "acting",
  payload: compact({
    message: stringField(f, "message", "status", "label"),
    ratio: numberField(f, "ratio", "progress"),
  }),
});

function outputRefOf(f: LimeFacts): string | undefined {
  return f.extraIds.outputRef ?? stringField(f, "outputRef", "output_ref") ?? readString(f.refs, "outputRef");
}

export const toolResult: Builder = (f, ctx) => {
  const output = f.payload.output ?? f.payload.result ?? f.payload.safeOutput;
  const preview = stringField(f, "outputPreview", "output_preview", "preview") ?? previewOf(output);
  const outputRef = outputRefOf(f);
  // A body sent beside the ref the runtime named is the body under that ref (as the gateway keeps it).
  if (outputRef !== undefined && output !== undefined && !isOffloadedValue(output))
    ctx.safe.keepDetail?.({ ...detailOf(redact(output).value), ref: outputRef });
  return {
    phase: "acting",
    payload: compact({
      output: output !== undefined ? safe(ctx, output) : undefined,
      outputPreview: preview,
      outputRef,
      outputBytes: numberField(f, "outputBytes", "output_bytes", "bytes"),
      artifactIds: stringList(f.payload.artifactIds ?? f.payload.artifactRefs),
      evidenceIds: stringList(f.payload.evidenceIds ?? f.payload.evidenceRefs),
      exitCode: numberField(f, "exitCode", "exit_code"),
    }),
  };
};

export const toolFailed: Builder = (f) => ({
  phase: "failed",
  payload: compact({
    error: messageOf(f),
    category: stringField(f, "failureCategory", "failure_category", "category"),
    retryable: readBoolean(f.payload, "retryable"),
    denied: readBoolean(f.payload, "denied"),
    cancelled: readBoolean(f.payload, "cancelled"),
    exitCode: numberField(f, "exitCode", "exit_code"),
  }),
});

/** `tool.catalog.resolved`: the capability surface as context refs (names only, never schemas). */
export const toolCatalog: Builder = (f) => {
  const tools = f.payload.tools ?? f.payload.catalog ?? f.payload.toolNames;
  const names = Array.isArray(tools)
    ? tools.map((t) => (typeof t === "string" ? t : readString(t, "name", "toolName"))).filter(Boolean)
    : [];
  return {
    payload: {
      refs: (names as string[]).map((name) => ({ id: name, label: name, kind: "tool" })),
      catalog: compact({
        count: numberField(f, "count", "toolCount") ?? names.length,
        source: stringField(f, "source"),
      }),
    },
  };
};

/** `process.*` as a command tool row; `variant` picks the lifecycle step. */
export function processFact(
  variant: "started" | "output" | "input" | "completed" | "failed" | "terminated",
): Builder {
  return (f, ctx) => {
    const key = processKey(f);
    switch (variant) {
      case "started": {
        const started = toolStarted(f, ctx);
        if (started === null) return null;
        const command = stringField(f, "command", "cmd");
        const payload = started.payload as Record<string, unknown>;
        payload.kind = "command";
        payload.name ??= command ?? "process";
        if (command !== undefined) payload.inputSummary ??= previewOf(command);
        return { ...started, ...key };
      }
      case "output": {
        const delta = stringField(f, "delta", "output", "text", "chunk");
        if (delta === undefined) return null;
        return {
          ...key,
          payload: compact({
            delta: safeText(delta),
            channel: stringField(f, "stream", "channel"),
          }),
        };
      }
      case "input":
        return { ...key, payload: { message: "input written" } };
      case "completed": {
        const result = toolResult(f, ctx);
        return result === null ? null : { ...result, ...key };
      }
      case "failed":
        return { ...toolFailed(f, ctx), ...key };
      case "terminated": {
        const failed = toolFailed(f, ctx) ?? {};
        return {
          ...failed,
          ...key,
          phase: "cancelled",
          payload: { ...(failed.payload ?? {}), cancelled: true },
        };
      }
    }
  };
}

/** `process.output` without text is only a ref update: a progress fact, not an output delta. */
export const processOutputRef: Builder = (f) =>
  stringField(f, "delta", "output", "text", "chunk") !== undefined
    ? null
    : { ...processKey(f), payload: compact({ message: "output stored", outputRef: outputRefOf(f) }) };

/** `output.*`: storage facts about a tool's output (spilled to a ref, truncated, redacted, expired). */
export function outputFact(kind: "spilled" | "truncated" | "redacted" | "expired"): Builder {
  return (f) => ({
    ...processKey(f),
    payload: compact({
      message: `output ${kind}`,
      outputRef: kind === "expired" ? undefined : outputRefOf(f),
      output: compact({
        [kind]: true,
        ref: outputRefOf(f),
        bytes: readNumber(f.payload, "bytes", "outputBytes", "originalBytes"),
        reason: stringField(f, "reason"),
        // An expired ref is gone: the detail view shows `unavailable`, never the stale link.
        available: kind === "expired" ? false : undefined,
      }),
    }),
  });
}
