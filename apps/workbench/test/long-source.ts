// A runtime source for layout tests: a finished conversation of `config.turns` user/assistant turns
// ("Turn N" / "Answer N"), with a context compaction every `config.compactEvery` turns.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { RuntimeSourceFactory } from "@agent-ui/server";

export const longSource: RuntimeSourceFactory = {
  kind: "long",
  description: "a long finished conversation with compactions",
  create: ({ config }) => ({
    kind: "long",
    async start({ sink }) {
      const turns = typeof config.turns === "number" ? config.turns : 100;
      const every = typeof config.compactEvery === "number" ? config.compactEvery : 20;
      const events: Partial<AgentUiEvent>[] = [];
      for (let n = 1; n <= turns; n++) {
        const turnId = `t${n}`;
        events.push({
          type: "text.delta",
          turnId,
          messageId: `u${n}`,
          payload: { role: "user", delta: `Turn ${n}` },
        });
        events.push({ type: "text.delta", turnId, messageId: `a${n}`, payload: { delta: `Answer ${n}` } });
        if (n % every === 0) {
          const compactionId = `c${n}`;
          events.push({ type: "context.compaction.started", turnId, payload: { compactionId } });
          events.push({
            type: "context.compaction.completed",
            turnId,
            payload: { compactionId, tokensBefore: 90_000, tokensAfter: 12_000 },
          });
        }
        events.push({ type: "run.finished", turnId, payload: { status: "completed" } });
      }
      await sink.events(events);
      await sink.status("completed");
    },
    async command(command) {
      return {
        status: "rejected",
        idempotencyKey: command.idempotencyKey,
        reason: "a finished conversation",
      };
    },
    async stop() {},
  }),
};
