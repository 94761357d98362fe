// Webhooks an upstream calls back on (A2A push notifications): one per session and source kind, at
// `/hooks/<kind>/<sessionId>`, each authenticated by a random token made for it (never the gateway's API
// token, which an upstream must not hold). Tokens are compared as SHA-256 digests in constant time; an
// unknown session, a closed hook and a wrong token read the same (401), so a caller learns nothing about
// which sessions exist. A hook closes with its session's runtime.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SessionWebhook } from "@agent-ui/contracts";

interface Hook {
  digest: Buffer;
  deliver: (body: unknown) => Promise<void>;
}

export type WebhookOutcome = "delivered" | "unauthorized";

export class WebhookRegistry {
  private baseUrl: string | undefined;
  private readonly hooks = new Map<string, Hook>();

  /** The gateway's own origin as upstreams reach it (set once it listens). */
  setBaseUrl(url: string): void {
    this.baseUrl = url.replace(/\/$/, "");
  }

  /** The handle a session's source opens its hook with; closed when `signal` aborts. */
  forSession(sessionId: string, signal: AbortSignal): SessionWebhook {
    return {
      open: (kind, deliver) => {
        if (this.baseUrl === undefined || signal.aborted) return undefined;
        const token = randomBytes(24).toString("base64url");
        const key = `${kind}/${sessionId}`;
        this.hooks.set(key, { digest: digest(token), deliver });
        signal.addEventListener("abort", () => this.hooks.delete(key), { once: true });
        return { url: `${this.baseUrl}/hooks/${kind}/${encodeURIComponent(sessionId)}`, token };
      },
      close: (kind) => {
        this.hooks.delete(`${kind}/${sessionId}`);
      },
    };
  }

  /** Hands `body` to the hook when `token` is its own. */
  async receive(
    kind: string,
    sessionId: string,
    token: string | undefined,
    body: unknown,
  ): Promise<WebhookOutcome> {
    const hook = this.hooks.get(`${kind}/${sessionId}`);
    const given = digest(token ?? "");
    if (hook === undefined || token === undefined || !timingSafeEqual(given, hook.digest))
      return "unauthorized";
    await hook.deliver(body);
    return "delivered";
  }
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}
