// Artifact kind from explicit metadata only: a media type or a file name extension the source stated.
// Nothing is inferred from prose; when neither says enough the kind is `unknown` (FALL-05, ART).
import type { ArtifactKind } from "@agent-ui/contracts";
import { lookupTable } from "@agent-ui/contracts";

const BY_EXTENSION: Readonly<Record<string, ArtifactKind>> = lookupTable({
  md: "document",
  markdown: "document",
  txt: "document",
  rst: "document",
  pdf: "document",
  doc: "document",
  docx: "document",
  html: "document",
  log: "document",
  csv: "table",
  tsv: "table",
  xlsx: "table",
  json: "dataset",
  jsonl: "dataset",
  parquet: "dataset",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  svg: "image",
  diff: "diff",
  patch: "diff",
  zip: "bundle",
  tar: "bundle",
  gz: "bundle",
});

const CODE_EXTENSIONS = new Set([
  "ts",
  "tsx",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "py",
  "rs",
  "go",
  "java",
  "kt",
  "rb",
  "php",
  "c",
  "h",
  "cc",
  "cpp",
  "cs",
  "swift",
  "sh",
  "bash",
  "sql",
  "css",
  "scss",
  "yaml",
  "yml",
  "toml",
]);

/** The kind an artifact's own metadata states; `unknown` when it states nothing recognisable. */
export function artifactKindOf(name?: string, mediaType?: string): ArtifactKind {
  const mime = mediaType?.toLowerCase();
  if (mime !== undefined && mime !== "") {
    if (mime.startsWith("image/")) return "image";
    if (mime === "text/csv" || mime === "text/tab-separated-values") return "table";
    if (mime === "text/markdown" || mime === "text/html" || mime === "application/pdf") return "document";
    if (mime === "application/json" || mime === "application/x-ndjson") return "dataset";
    if (mime === "text/x-diff" || mime === "text/x-patch") return "diff";
    if (mime === "application/zip" || mime === "application/gzip") return "bundle";
  }
  const dot = name?.lastIndexOf(".") ?? -1;
  if (name !== undefined && dot > 0 && dot < name.length - 1) {
    const extension = name.slice(dot + 1).toLowerCase();
    if (CODE_EXTENSIONS.has(extension)) return "code";
    const kind = BY_EXTENSION[extension];
    if (kind !== undefined) return kind;
  }
  if (mime === "text/plain") return "document";
  return "unknown";
}
