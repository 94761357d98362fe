import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { AI_SDK_FORMAT, AI_SDK_HANDLERS, AiSdkAdapter } from "./adapter";

/** UI message chunks are `{type: "kebab-case", …}`; `data-*` parts are open-ended. */
export function detectAiSdk(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined) return 0;
  if (type === "start" || type === "finish" || type === "error" || type === "abort" || type === "file")
    return Object.keys(record).every((k) =>
      [
        "type",
        "messageId",
        "messageMetadata",
        "finishReason",
        "errorText",
        "reason",
        "url",
        "mediaType",
        "providerMetadata",
      ].includes(k),
    )
      ? 0.7
      : 0.3;
  if (AI_SDK_HANDLERS[type] !== undefined) return 0.95;
  return type.startsWith("data-") ? 0.6 : 0;
}

export const aiSdkAdapter: AdapterModule = {
  format: AI_SDK_FORMAT,
  description:
    "Vercel AI SDK UI message stream chunks (v5–v7): text, reasoning, tools with approvals, data parts, sources, files",
  create: (options) => new AiSdkAdapter(options),
  detect: detectAiSdk,
};

export { AiSdkAdapter, AI_SDK_FORMAT, AI_SDK_HANDLERS } from "./adapter";
