/**
 * Parsing of numbers typed into a field: the boundary where user text
 * becomes an input of the core. Pure, so it can be fuzzed.
 */

export interface NumberRule {
  /** Field name used in messages. */
  label: string;
  min: number;
  max: number;
  integer?: boolean;
  unit?: string | undefined;
}

export type TypedNumber = { ok: true; value: number } | { ok: false; error: string };

/** Smallest non-zero magnitude accepted: anything smaller would show as 0 or in e-notation. */
export const MIN_MAGNITUDE = 1e-9;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a typed number: plain decimal (thousands commas allowed), finite,
 * within [min, max], whole when required. The error names the field and says
 * what is wrong; it never echoes more than 20 characters of what was typed.
 */
export function parseTypedNumber(text: string, rule: NumberRule): TypedNumber {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, error: `${rule.label}: enter a number` };
  const shown = text.length > 20 ? `${text.slice(0, 20)}…` : text;
  if (!DECIMAL.test(trimmed))
    return { ok: false, error: `${rule.label}: "${shown}" is not a number` };
  const value = Number(trimmed);
  if (!Number.isFinite(value))
    return { ok: false, error: `${rule.label}: "${shown}" is too large` };
  if (value < rule.min || value > rule.max) {
    const unit = rule.unit ? ` ${rule.unit}` : '';
    return {
      ok: false,
      error: `${rule.label}: must be between ${rule.min.toLocaleString('en-US')} and ${rule.max.toLocaleString('en-US')}${unit}`,
    };
  }
  if (value !== 0 && Math.abs(value) < MIN_MAGNITUDE) {
    return {
      ok: false,
      error: `${rule.label}: too small to show (enter 0 or a value of at least 0.000000001)`,
    };
  }
  if (rule.integer && !Number.isInteger(value))
    return { ok: false, error: `${rule.label}: must be a whole number` };
  // Normalise -0 so the store never holds it.
  return { ok: true, value: value === 0 ? 0 : value };
}
