// The projector without the schema engine: what a browser bundle needs (events reach it validated by the
// gateway). `@agent-ui/projection` is the same API with the contracts' full `validateEvent` wired in.
export { createProjector, projectEvents } from "./projector";
export type { CreateProjectorOptions, Projector } from "./projector";
export { teamEntryKey } from "./team-pages";
export type { EntityReads } from "./entity-reads";
export type { ProjectorOptions } from "./options";
export type { HydrationInput, StreamCursor } from "./hydration";
export * from "./selectors";
