// Small Markdown and number formatting helpers shared by every report.
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

export function fmtMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}

export function fmtCount(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

export function fmtRate(events: number, ms: number): string {
  return fmtCount((events / ms) * 1000);
}

export function fmtMB(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

export function fmtRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return "–";
  return ratio >= 10 ? `${ratio.toFixed(0)}×` : `${ratio.toFixed(2)}×`;
}

export function sizeLabel(events: number): string {
  if (events >= 1_000_000 && events % 1_000_000 === 0) return `${events / 1_000_000}M`;
  return events >= 1000 && events % 1000 === 0 ? `${events / 1000}k` : String(events);
}
