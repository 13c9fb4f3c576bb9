import { formatPlain } from '../../ui/format.ts';

/** "1 call", "2 calls", "1,234 tokens": a count with its noun agreeing. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatPlain(n)} ${n === 1 ? one : many}`;
}
