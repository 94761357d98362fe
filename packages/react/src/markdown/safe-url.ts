// Which link targets are clickable: http(s) and mailto only. Anything else (javascript:, data:, vbscript:,
// file:, relative paths, protocol-relative //host) renders as text.
const SAFE = /^(https?:\/\/|mailto:)/i;

export function safeHref(url: string | null | undefined): string | undefined {
  if (typeof url !== "string") return undefined;
  const trimmed = url.trim();
  return SAFE.test(trimmed) ? trimmed : undefined;
}
