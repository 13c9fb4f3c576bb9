/** Times of the traffic tab in words, always in UTC (the as-billed days are UTC days). */

/** "2026-04-03 12:20 UTC"; "undated" for a record without a time (SPEC §13.1). */
export function utcMinute(atSeconds: number | null): string {
  if (atSeconds === null) return 'undated';
  const iso = new Date(atSeconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "3 days 4 hours", "25 minutes", "under a minute". */
export function spanText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0)
    return hours > 0 ? `${part(days, 'day')} ${part(hours, 'hour')}` : part(days, 'day');
  if (hours > 0)
    return mins > 0 ? `${part(hours, 'hour')} ${part(mins, 'minute')}` : part(hours, 'hour');
  return part(mins, 'minute');
}
