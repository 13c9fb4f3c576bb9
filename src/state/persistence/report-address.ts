/**
 * The report as an address: `#report` after the scenario's link opens the
 * report directly. The app writes `<link>#report` (for example
 * `#s=…#report`, or `#report` alone), so the live scenario's link is the same
 * address without `#report`; it also reads `#report&s=…` and `#s=…&report`.
 */

/** The marker that asks for the report. */
export const REPORT_MARKER = 'report';

/** A hash split into the scenario's link (`#s=…`, `#json=…` or '') and whether it asks for the report. */
export function splitReportHash(hash: string): { scenarioHash: string; report: boolean } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body === '') return { scenarioHash: '', report: false };
  // A scenario code never holds `#` or `&` (base64url, or percent-encoded JSON).
  const parts = body.split(/[#&]/).filter((p) => p !== '');
  const report = parts.includes(REPORT_MARKER);
  if (!report) return { scenarioHash: hash.startsWith('#') ? hash : `#${hash}`, report: false };
  const rest = parts.filter((p) => p !== REPORT_MARKER);
  return { scenarioHash: rest.length === 0 ? '' : `#${rest.join('&')}`, report: true };
}

/** The hash for a scenario link (`#s=…` or '') with or without the report. */
export function joinReportHash(scenarioHash: string, report: boolean): string {
  if (!report) return scenarioHash;
  return `${scenarioHash}#${REPORT_MARKER}`;
}
