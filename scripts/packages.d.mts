/** The published packages' folder names under `packages/`, dependencies first. */
export declare const PACKAGES: readonly string[];
