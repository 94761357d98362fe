// The markdown renderer (its own chunk, loaded on first use): react-markdown with GFM (tables, task lists,
// strikethrough, autolinks). Raw HTML is never parsed into elements — it stays text — and there is no
// rehype-raw, so a message cannot inject markup or script by construction. Links open in a new tab with
// `rel="noopener noreferrer"`; only http(s) and mailto targets are clickable, anything else is its text.
// Images are not loaded (a remote image is a tracking beacon): they show as a link to the image.
// Headings start at level 3 so a message never competes with the page's own h1/h2.
import type { Element, ElementContent } from "hast";
import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { safeHref } from "./safe-url";

const plugins = [remarkGfm];

function textOf(nodes: ElementContent[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.value;
    else if (node.type === "element") out += textOf(node.children);
  }
  return out;
}

function codeOf(pre: Element | undefined): { code: string; language?: string } {
  const code = pre?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
  const classes = code?.properties.className;
  const language = Array.isArray(classes)
    ? classes
        .map(String)
        .find((c) => c.startsWith("language-"))
        ?.slice("language-".length)
    : undefined;
  const text = code ? textOf(code.children) : "";
  return { code: text.endsWith("\n") ? text.slice(0, -1) : text, language: language || undefined };
}

function heading(level: number) {
  const Tag = `h${Math.min(6, level + 2)}` as "h3";
  return ({ children }: { children?: ReactNode }) => <Tag className="aui-md-heading">{children}</Tag>;
}

function componentsFor(live: boolean): Components {
  return {
    a: ({ href, children }) => {
      const safe = safeHref(href);
      if (!safe) return <span className="aui-md-link-text">{children}</span>;
      return (
        <a href={safe} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ src, alt }) => {
      const safe = safeHref(typeof src === "string" ? src : undefined);
      const label = `image: ${alt || "untitled"}`;
      return safe ? (
        <a href={safe} target="_blank" rel="noopener noreferrer" className="aui-md-image">
          {label}
        </a>
      ) : (
        <span className="aui-md-image">{label}</span>
      );
    },
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    pre: ({ node }) => <CodeBlock {...codeOf(node)} live={live} />,
    table: ({ children }) => (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      <div className="aui-md-table" tabIndex={0}>
        <table>{children}</table>
      </div>
    ),
    input: ({ type, checked }) =>
      type === "checkbox" ? (
        <input
          type="checkbox"
          checked={Boolean(checked)}
          disabled
          aria-label={checked ? "done" : "not done"}
        />
      ) : null,
  };
}

const settled = componentsFor(false);
const growing = componentsFor(true);

function urlTransform(url: string): string {
  return safeHref(url) ?? "";
}

/** One markdown block as React elements. */
export default function MarkdownBlock({ text, live = false }: { text: string; live?: boolean }) {
  return (
    <Markdown remarkPlugins={plugins} components={live ? growing : settled} urlTransform={urlTransform}>
      {text}
    </Markdown>
  );
}
