export interface RequirementCoverage {
  id: string;
  level: string;
  files: string[];
}
export declare function expandIds(token: string): string[];
export declare function parseRequirements(markdown: string): Map<string, string>;
export declare function isNormative(level: string): boolean;
export declare function citedIn(text: string): Set<string>;
export declare function coverage(root: string, markdown: string): RequirementCoverage[];
