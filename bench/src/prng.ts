// The seeded PRNG lives in @agent-ui/contracts (one implementation, shared with the demo runtime): the same
// seed gives the same session on every machine, so benchmark runs and tests compare like with like.
export { createRng, type Rng } from "@agent-ui/contracts";
