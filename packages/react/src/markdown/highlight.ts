// The syntax highlighter, loaded on demand (its own chunk): highlight.js core through lowlight with a few
// common languages, producing a hast tree that becomes React elements — never an HTML string.
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

const lowlight = createLowlight({
  bash,
  css,
  diff,
  go,
  javascript,
  json,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({
  bash: ["sh", "shell", "zsh", "console"],
  javascript: ["js", "jsx", "mjs", "cjs"],
  typescript: ["ts", "tsx"],
  python: ["py"],
  xml: ["html", "svg"],
  yaml: ["yml"],
  rust: ["rs"],
});

/** Code longer than this is shown unhighlighted (highlighting is linear but not free). */
export const HIGHLIGHT_LIMIT = 100_000;

/** Highlighted React nodes for `code` in `language`, or null when the language is not bundled. */
export function highlight(code: string, language: string): ReactNode | null {
  if (code.length > HIGHLIGHT_LIMIT || !lowlight.registered(language)) return null;
  const tree = lowlight.highlight(language, code);
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
