/**
 * Reading the fields of one trace record (SPEC §12 "§10 reading files"): a
 * count is a JSON number that is whole, ≥ 0 and at most 2⁵³ − 1; an absent or
 * null count is 0. A record that breaks a rule is unreadable, and the reason
 * says so in plain words.
 */

/** A parsed JSON object. */
export type JsonObject = { readonly [key: string]: unknown };

/** Thrown by a record reader: the record is skipped with this reason. */
export class UnreadableRecord extends Error {
  override readonly name = 'UnreadableRecord';
}

/** True for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is an object, else `undefined`. */
export function objectOrUndefined(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** How a value reads in a reason: short, and in JSON's own spelling. */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(text);
  }
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** Throws unless `value` is a count (SPEC §12); returns it. */
export function checkedCount(value: number, label: string): number {
  if (
    !Number.isFinite(value) ||
    !Number.isInteger(value) ||
    value < 0 ||
    value > Number.MAX_SAFE_INTEGER
  ) {
    throw new UnreadableRecord(`${label} is ${shown(value)}, must be a whole number ≥ 0`);
  }
  return value;
}

/** The count under `key` in `container`: 0 when absent or null, else a checked JSON number. */
export function countField(container: JsonObject | undefined, key: string, label = key): number {
  const value = container === undefined ? undefined : container[key];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number') {
    throw new UnreadableRecord(`${label} is ${shown(value)}, must be a whole number ≥ 0`);
  }
  return checkedCount(value, label);
}

/** True when `key` holds something other than absent or null. */
export function isGiven(container: JsonObject | undefined, key: string): boolean {
  const value = container === undefined ? undefined : container[key];
  return value !== undefined && value !== null;
}

/** A string field that must be there; throws naming what is missing. */
export function requiredString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new UnreadableRecord(`no ${what}`);
  return value;
}

/** `plain − subtracted` as a count; throws when it would be below 0. */
export function derivedInput(plain: number, subtracted: number, label: string): number {
  const value = plain - subtracted;
  if (value < 0) {
    throw new UnreadableRecord(
      `${label} (${plain}) is smaller than the cached tokens inside it (${subtracted})`,
    );
  }
  return value;
}
