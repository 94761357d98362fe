// Every live producer of the shared scenario, one line each (see producer.ts).
import type { LiveProducer } from "./producer";

export const SHARED_SCENARIO_PRODUCERS: Record<string, LiveProducer> = {};
