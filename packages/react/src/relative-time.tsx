// A point in time as people read it: relative ("3 min ago") in a <time dateTime> element, the exact local
// time on hover (title). A value that is not a date is shown as the runtime wrote it.
import { useEffect, useState } from "react";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** One formatter per locale and kind: building an `Intl` formatter costs far more than formatting with
 * one, and a long session shows hundreds of times. A page uses a handful of locales. */
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();

function formatter<F extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (made === undefined) {
    made = make();
    if (formatters.size < 64) formatters.set(key, made);
  }
  return made;
}

/** "just now", "3 minutes ago", "in 2 hours" for `at` seen from `now` (both epoch ms). */
export function relativeTime(at: number, now: number, locale?: string): string {
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  const format = formatter(
    `relative:${locale ?? ""}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }),
  );
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size * 0.9 || unit === "minute")
      return format.format(Math.round(seconds / size), unit);
  return "just now";
}

/** The exact local date and time, for the hover title. */
export function exactTime(at: number, locale?: string): string {
  return formatter(
    `exact:${locale ?? ""}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }),
  ).format(at);
}

export function useNow(refreshMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}

export function RelativeTime({
  value,
  prefix,
  refreshMs = 30_000,
}: {
  /** An ISO 8601 string or epoch milliseconds. */
  value: string | number;
  prefix?: string;
  refreshMs?: number;
}) {
  const now = useNow(refreshMs);
  const at = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(at)) return <span>{prefix ? `${prefix} ${value}` : value}</span>;
  const iso = new Date(at).toISOString();
  return (
    <time className="aui-time" dateTime={iso} title={exactTime(at)}>
      {prefix ? `${prefix} ` : ""}
      {relativeTime(at, now)}
    </time>
  );
}
