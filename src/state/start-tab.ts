/**
 * Whether this visit opens on the Overview: decided once at load, before
 * the first render (a visit without a link, in a browser that may hold
 * traffic), and applied to the work restored at startup too, which would
 * otherwise reopen the tab it was saved on.
 */
let overview = false;

export function setStartOnOverview(value: boolean): void {
  overview = value;
}

export function startsOnOverview(): boolean {
  return overview;
}
