// The projector with the contracts' full schema validation for rejected events and `validation: "full"`.
// Browser bundles import `@agent-ui/projection/core` (same API, no schema engine).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { validateEvent } from "@agent-ui/contracts";
import {
  type CreateProjectorOptions,
  type Projector,
  createProjector as createCoreProjector,
  projectEvents as projectCoreEvents,
} from "./projector";

export function createProjector(options: CreateProjectorOptions = {}): Projector {
  return createCoreProjector({ validator: validateEvent, ...options });
}

export function projectEvents(
  events: Iterable<AgentUiEvent>,
  options: CreateProjectorOptions = {},
): ProjectionState {
  return projectCoreEvents(events, { validator: validateEvent, ...options });
}

export type { CreateProjectorOptions, HydrateStepsOptions, Projector, RecordTable } from "./projector";
export { teamEntryKey } from "./team-pages";
export type { EntityReads } from "./entity-reads";
export type { ProjectorOptions } from "./options";
export type { HydrationInput, StreamCursor } from "./hydration";
export * from "./selectors";
