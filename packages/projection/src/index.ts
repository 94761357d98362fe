export { createProjector, projectEvents } from "./projector";
export type { CreateProjectorOptions, Projector, RecordTable } from "./projector";
export type { EntityReads } from "./entity-reads";
export type { ProjectorOptions } from "./options";
export type { HydrationInput, StreamCursor } from "./hydration";
export * from "./selectors";
