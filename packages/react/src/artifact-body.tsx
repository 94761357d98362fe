// An artifact's content rendered by what it is: markdown through the answer renderer, JSON pretty-printed,
// an image from an https or data:image (raster) source, and anything else — HTML included — as text.
// Nothing in an artifact is executed or injected as markup.
import type { ArtifactKind } from "@agent-ui/contracts";
import { MarkdownText } from "./markdown-text";

const IMAGE_SOURCE = /^(https:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/i;

export type BodyFormat = "markdown" | "json" | "image" | "text";

export function bodyFormat(text: string, kind?: ArtifactKind | string, name?: string): BodyFormat {
  const trimmed = text.trim();
  if ((kind === "image" || /\.(png|jpe?g|gif|webp)$/i.test(name ?? "")) && IMAGE_SOURCE.test(trimmed))
    return "image";
  if (/^[[{]/.test(trimmed) || /\.json$/i.test(name ?? "")) {
    try {
      JSON.parse(trimmed);
      return "json";
    } catch {
      // not JSON: fall through
    }
  }
  if (/\.(html?|xml|svg)$/i.test(name ?? "") || /^<(!doctype|html|svg|\?xml)/i.test(trimmed)) return "text";
  if (kind === "code" || kind === "diff" || kind === "dataset") return "text";
  return "markdown";
}

export function ArtifactBody({
  text,
  kind,
  name,
}: {
  text: string;
  kind?: ArtifactKind | string;
  name?: string;
}) {
  const format = bodyFormat(text, kind, name);
  switch (format) {
    case "image":
      return <img className="aui-artifact-image" src={text.trim()} alt={name ?? "artifact image"} />;
    case "json":
      return (
        <pre className="aui-artifact-text" data-format="json">
          {JSON.stringify(JSON.parse(text), null, 2)}
        </pre>
      );
    case "markdown":
      return <MarkdownText text={text} streaming={false} className="aui-artifact-markdown" />;
    default:
      return (
        <pre className="aui-artifact-text" data-format="text">
          {text}
        </pre>
      );
  }
}
