// The runtime source kinds a gateway offers: what `GET /api/sources` lists, the factory a session is
// created with, and the connection test of the kinds that have one. A config a kind refuses becomes one
// `invalid` GatewayError (400) here, for creating a session and for testing a connection alike.
import {
  type ConnectionTestResult,
  redactText,
  type RuntimeSourceFactory,
  SourceConfigError,
  type SourceInfo,
} from "@agent-ui/contracts";
import { GatewayError } from "./errors";

export class SourceKinds {
  constructor(private readonly factories: readonly RuntimeSourceFactory[]) {}

  list(): SourceInfo[] {
    return this.factories.map((f) => ({
      kind: f.kind,
      description: f.description,
      scenarios: f.scenarios ?? [],
      ...(f.messageControls ? { messageControls: f.messageControls } : {}),
    }));
  }

  /** The factory of `kind`; an unknown kind is a 400 `unknown_source`. */
  factory(kind: string): RuntimeSourceFactory {
    const factory = this.factories.find((f) => f.kind === kind);
    if (!factory)
      throw new GatewayError(
        "invalid",
        "unknown_source",
        `unknown runtime source "${kind}"; see GET /api/sources`,
      );
    return factory;
  }

  /** `kind`'s connection test (`POST /api/connect/test`), refusing a config as a 400 like session creation
   * does; a kind without one is `unknown_source`. */
  tester(
    kind: unknown,
  ): (config: Record<string, unknown>, options: { timeoutMs?: number }) => Promise<ConnectionTestResult> {
    const test = this.factories.find((f) => f.kind === kind && f.test !== undefined)?.test;
    if (test === undefined) {
      const testable = this.factories.filter((f) => f.test !== undefined).map((f) => f.kind);
      throw new GatewayError(
        "invalid",
        "unknown_source",
        `"source" must be one of ${testable.join(", ")} (the connectors this gateway can test)`,
      );
    }
    return async (config, options) => {
      try {
        return await test(config, options);
      } catch (error) {
        throw refusalOf(error);
      }
    };
  }
}

/** A `SourceConfigError` as the 400 it answers (its code, its message redacted); anything else as is. */
export function refusalOf(error: unknown): unknown {
  return error instanceof SourceConfigError
    ? new GatewayError("invalid", error.code, redactText(error.message))
    : error;
}
