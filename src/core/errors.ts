/**
 * An input the core cannot price or admit. `field` names the offending input
 * in words a product manager understands (for example `outputTokens` or
 * `rows[3].tokens`), so the UI can point at it.
 */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  /** The path of the bad input, such as `horizon` or `rows[2].contributionId`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** Throws unless `value` is a finite number. */
export function requireFinite(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidInputError(field, `must be a finite number (got ${describe(value)})`);
  }
  return value;
}

/** Throws unless `value` is a finite number ≥ 0. */
export function requireNonNegative(field: string, value: unknown): number {
  const n = requireFinite(field, value);
  if (n < 0) throw new InvalidInputError(field, `must not be negative (got ${n})`);
  return n;
}

/** Throws unless `value` is an integer ≥ 0. */
export function requireNonNegativeInteger(field: string, value: unknown): number {
  const n = requireNonNegative(field, value);
  if (!Number.isInteger(n)) throw new InvalidInputError(field, `must be a whole number (got ${n})`);
  return n;
}

/**
 * Throws unless `value` is a safe integer (SPEC §9: whole, magnitude at most
 * 2⁵³ − 1). `1000.0` in JSON is the integer 1000; `-0` is returned as 0.
 */
export function requireSafeInteger(field: string, value: unknown): number {
  const n = requireFinite(field, value);
  if (!Number.isInteger(n)) throw new InvalidInputError(field, `must be a whole number (got ${n})`);
  if (!Number.isSafeInteger(n)) {
    throw new InvalidInputError(
      field,
      `must be at most ${Number.MAX_SAFE_INTEGER} in size (got ${n})`,
    );
  }
  return n === 0 ? 0 : n;
}

/** Throws unless `value` is a safe integer ≥ 0 (a token count, threshold or limit; SPEC §9). */
export function requireTokenCount(field: string, value: unknown): number {
  const n = requireSafeInteger(field, value);
  if (n < 0) throw new InvalidInputError(field, `must not be negative (got ${n})`);
  return n;
}

/** Throws unless `value` is a string. */
export function requireString(field: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw new InvalidInputError(field, `must be text (got ${describe(value)})`);
  }
  return value;
}

/** A short, safe description of an arbitrary value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value;
}
