/**
 * The Prices tab's view of the dated default price book: one line per
 * dated row, searchable by name, alias or provider, and the row in force
 * today marked. Pure.
 */
import { rowInForce, type LongContextTier, type PriceRow } from '../../core/index.ts';
import type { PriceBook, PriceBookEntry } from '../../domain/price-book.ts';

/** One row of the book as the tab lists it. */
export interface BookLine {
  /** Unique: the model's key and the row's place. */
  readonly id: string;
  readonly entry: PriceBookEntry;
  readonly row: PriceRow;
  /** `YYYY-MM-DD`, or `undefined` for a model's earliest, undated row. */
  readonly from: string | undefined;
  /** The day the next row starts, if any. */
  readonly until: string | undefined;
  readonly inForce: boolean;
  /** Lower-cased text the search matches. */
  readonly haystack: string;
}

/** Every row of the book, in the data's order, each model's oldest first. */
export function bookLines(book: PriceBook, today: string): BookLine[] {
  const lines: BookLine[] = [];
  for (const entry of book.entries) {
    const current = rowInForce(entry.rows, today);
    const haystack = [entry.key, entry.name, entry.providerName, ...entry.names]
      .join(' ')
      .toLowerCase();
    entry.rows.forEach((row, i) => {
      lines.push({
        id: `${entry.key}#${i}`,
        entry,
        row,
        from: row.effectiveFrom,
        until: entry.rows[i + 1]?.effectiveFrom,
        inForce: row === current,
        haystack,
      });
    });
  }
  return lines;
}

/** The lines whose model matches every word of `query` (case-insensitive); all for an empty query. */
export function searchLines(lines: readonly BookLine[], query: string): readonly BookLine[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return lines;
  return lines.filter((l) => words.every((w) => l.haystack.includes(w)));
}

/** A price as typed: up to six significant digits, no trailing zeros; "—" when absent. */
export function formatBookPrice(value: number | undefined): string {
  return value === undefined ? '—' : String(Number(value.toPrecision(6)));
}

/** "above 200,000: in 6, out 22.5, read 0.6, write 7.5, write 1 h 12", or "—". */
export function formatTier(tier: LongContextTier | undefined): string {
  if (tier === undefined) return '—';
  const parts = [`in ${formatBookPrice(tier.input)}`];
  if (tier.output !== undefined) parts.push(`out ${formatBookPrice(tier.output)}`);
  if (tier.cacheRead !== undefined) parts.push(`read ${formatBookPrice(tier.cacheRead)}`);
  if (tier.cacheWrite !== undefined) parts.push(`write ${formatBookPrice(tier.cacheWrite)}`);
  if (tier.cacheWrite1h !== undefined)
    parts.push(`write 1 h ${formatBookPrice(tier.cacheWrite1h)}`);
  return `above ${tier.thresholdTokens.toLocaleString('en-US')}: ${parts.join(', ')}`;
}

/** "web search $10, file search $2.5 per 1,000", or "—". */
export function formatFees(fees: Readonly<Record<string, number>> | undefined): string {
  const entries = Object.entries(fees ?? {});
  if (entries.length === 0) return '—';
  return `${entries.map(([kind, usd]) => `${kind.replace(/_/g, ' ')} $${formatBookPrice(usd)}`).join(', ')} per 1,000`;
}

/** "from 2026-03-13, before 2026-08-01", "before 2026-03-13", "from 2026-03-13", or "always". */
export function formatDates(from: string | undefined, until: string | undefined): string {
  if (from === undefined) return until === undefined ? 'always' : `before ${until}`;
  return until === undefined ? `from ${from}` : `from ${from}, before ${until}`;
}
