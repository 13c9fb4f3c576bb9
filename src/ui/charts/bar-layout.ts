/**
 * Pure layout for the report's stacked bar charts: where each segment of a
 * stack starts and ends, the value range the axis must cover, and category
 * labels fitted to the room they have (no DOM: text widths are estimated).
 */

/** One drawn piece of a stack, in value units: from `start` to `end` (either may be below 0). */
export interface StackSegment {
  /** Index of the series the segment belongs to. */
  readonly series: number;
  readonly value: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The segments of one category's stack, bottom to top in series order:
 * positive values stack up from 0, negative ones down from 0, and zero or
 * non-finite values draw nothing (so an empty stack has no segments).
 */
export function stackSegments(values: readonly number[]): StackSegment[] {
  const segments: StackSegment[] = [];
  let up = 0;
  let down = 0;
  values.forEach((value, series) => {
    if (!Number.isFinite(value) || value === 0) return;
    if (value > 0) {
      segments.push({ series, value, start: up, end: up + value });
      up += value;
    } else {
      segments.push({ series, value, start: down, end: down + value });
      down += value;
    }
  });
  return segments;
}

/**
 * The value range an axis must show: every stack's top and bottom, every
 * reference value, and 0 (bars grow from 0). Non-finite values are ignored;
 * when everything is 0 the range is [0, 1], so an empty chart keeps a
 * positive axis instead of one centred on 0.
 */
export function valueExtent(
  stacks: readonly (readonly number[])[],
  references: readonly number[] = [],
): readonly [number, number] {
  let min = 0;
  let max = 0;
  for (const values of stacks) {
    for (const segment of stackSegments(values)) {
      min = Math.min(min, segment.end);
      max = Math.max(max, segment.end);
    }
  }
  for (const value of references) {
    if (Number.isFinite(value)) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  return min === 0 && max === 0 ? [0, 1] : [min, max];
}

// Average advance of a glyph in the UI's sans-serif, as a fraction of the font size.
const GLYPH_WIDTH = 0.58;

/** Estimated width in pixels of `text` drawn at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * GLYPH_WIDTH;
}

/** `text` cut to `maxWidth` pixels with a trailing ellipsis (unchanged when it fits). */
export function truncateLabel(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  const fit = Math.max(1, Math.floor(maxWidth / (fontSize * GLYPH_WIDTH)) - 1);
  return `${chars.slice(0, fit).join('').trimEnd()}…`;
}

/**
 * A label broken into at most `maxLines` lines of at most `maxWidth` pixels,
 * at spaces, or after a hyphen inside a word too long for a line; whatever
 * still does not fit is cut with an ellipsis.
 */
export function wrapLabel(
  text: string,
  maxWidth: number,
  fontSize: number,
  maxLines = 2,
): string[] {
  const tokens: { text: string; space: boolean }[] = [];
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const parts = textWidth(word, fontSize) > maxWidth ? word.split(/(?<=-)(?=.)/) : [word];
    parts.forEach((part, i) => tokens.push({ text: part, space: i === 0 }));
  }
  const lines: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (current === '') {
      current = token.text;
      continue;
    }
    const candidate = `${current}${token.space ? ' ' : ''}${token.text}`;
    if (textWidth(candidate, fontSize) > maxWidth && lines.length < maxLines - 1) {
      lines.push(current);
      current = token.text;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines.map((line) => truncateLabel(line, maxWidth, fontSize));
}
