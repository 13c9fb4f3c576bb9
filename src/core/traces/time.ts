/**
 * Times in traces (SPEC §12): `YYYY-MM-DDThh:mm:ss[.fraction]` with `Z` or
 * `±hh:mm` (a space for `T` and a missing offset, read as UTC, are accepted),
 * read to whole milliseconds (further digits dropped) as seconds since the
 * Unix epoch.
 */

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

// Days from 1970-01-01 to a civil date (proleptic Gregorian), for any year 0000–9999.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * Seconds since the Unix epoch of an ISO-8601 time, or `undefined` when
 * `text` is not a time of the accepted shape or names no real date.
 */
export function parseTraceTime(text: string): number | undefined {
  const m = ISO_TIME.exec(text);
  if (m === null) return undefined;
  const [, ys, mos, ds, hs, mis, ss, fraction, offset] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  const year = Number(ys);
  const month = Number(mos);
  const day = Number(ds);
  const hour = Number(hs);
  const minute = Number(mis);
  const second = Number(ss);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const monthDays = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day > monthDays || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (offset !== undefined && offset !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const ms = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const epochMs =
    ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes) * 60_000 +
    second * 1000 +
    ms;
  return epochMs / 1000;
}

/** The latest time a JavaScript date can hold, seconds (±8.64e12). */
const MAX_SECONDS = 8.64e12;

/** True when `seconds` is a time a date can hold (finite, within ±8.64e12 s of the epoch). */
export function isEpochSeconds(seconds: number): boolean {
  return Number.isFinite(seconds) && Math.abs(seconds) <= MAX_SECONDS;
}

/** The UTC day (`YYYY-MM-DD`) of a time in seconds since the Unix epoch. */
export function utcDay(atSeconds: number): string {
  return new Date(Math.floor(atSeconds) * 1000).toISOString().slice(0, 10);
}
