/**
 * Deterministic token budgeting and admission (seed 003, `admit_within_budget`;
 * SPEC §3): whole rows are dropped most-volatile-first, pinned rows never.
 */
import { InvalidInputError, describe } from './errors.ts';

/** One admission candidate: identity, place in the compiled prompt, cost, pinned-ness. */
export interface BudgetRow {
  /** Unique id of the prompt contribution. */
  readonly contributionId: string;
  /** Integer index in the compiled prompt: low = stable (system), high = volatile (per-turn). */
  readonly position: number;
  /** Cost, whole tokens ≥ 0. */
  readonly tokens: number;
  /** Pinned rows are never dropped. */
  readonly pinned: boolean;
}

/** The ceiling one compiled prompt runs under; `null` = unbounded (seed 003, `PromptBudget`). */
export interface PromptBudget {
  readonly maxTotalTokens: number | null;
}

/** What admission decided (seed 003, `BudgetReport`). Ids keep input order. */
export interface BudgetReport {
  readonly limit: number | null;
  /** Tokens admitted. */
  readonly totalTokens: number;
  readonly admitted: readonly string[];
  readonly dropped: readonly string[];
}

/** Admission's result: the admitted rows (input order) and the report. */
export interface Admission {
  readonly admitted: readonly BudgetRow[];
  readonly report: BudgetReport;
}

/**
 * Thrown when the pinned rows alone exceed the budget (seed 003). The message
 * is the seed's, byte for byte; the fields let a UI offer the ways out.
 */
export class BudgetExceededError extends Error {
  override readonly name = 'BudgetExceededError';
  /** Pinned row ids, input order. */
  readonly pinnedIds: readonly string[];
  /** Tokens the pinned rows need. */
  readonly pinnedTokens: number;
  readonly limit: number;

  constructor(pinnedIds: readonly string[], pinnedTokens: number, limit: number) {
    super(
      // Python prints an int in full; String(n) rounds past 2^53 (SPEC §12).
      `pinned contributions (${pinnedIds.join(', ')}) need ${fullInteger(pinnedTokens)} tokens but the budget is ` +
        `${fullInteger(limit)}. Pinned content is never dropped and never truncated: raise the budget ` +
        'or unpin something, but the compiler will not ship a prompt missing it.',
    );
    this.pinnedIds = pinnedIds;
    this.pinnedTokens = pinnedTokens;
    this.limit = limit;
  }
}

function fullInteger(n: number): string {
  return Number.isInteger(n) ? BigInt(n).toString() : String(n);
}

/** `true` when `child` is the parent's budget or a strictly tighter one (seed 003, `narrows`). */
export function narrows(child: PromptBudget, parent: PromptBudget): boolean {
  if (parent.maxTotalTokens === null) return true;
  if (child.maxTotalTokens === null) return false;
  return child.maxTotalTokens <= parent.maxTotalTokens;
}

/**
 * Rejects rows admission cannot handle, naming the row: ids must be unique
 * text, positions safe integers (negative allowed), tokens safe integers ≥ 0,
 * pinned a boolean; the limit, when set, a safe integer ≥ 0 (SPEC §9: safe
 * means a magnitude of at most 2⁵³ − 1; `1000.0` is the integer 1000).
 *
 * @throws InvalidInputError
 */
export function validateBudgetInput(rows: readonly BudgetRow[], budget: PromptBudget): void {
  if (!Array.isArray(rows)) throw new InvalidInputError('rows', 'must be a list of rows');
  const seen = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (typeof row !== 'object' || row === null)
      throw new InvalidInputError(`rows[${i}]`, 'must be a row');
    const id: unknown = row.contributionId;
    if (typeof id !== 'string')
      throw new InvalidInputError(
        `rows[${i}].contributionId`,
        `must be text (got ${describe(id)})`,
      );
    if (seen.has(id))
      throw new InvalidInputError(
        `${rowName(i, id)}.contributionId`,
        `duplicate id ${JSON.stringify(id)}: ids must be unique`,
      );
    seen.add(id);
    if (typeof row.position !== 'number' || !Number.isInteger(row.position)) {
      throw new InvalidInputError(
        `${rowName(i, id)}.position`,
        `must be a whole number (got ${describe(row.position)})`,
      );
    }
    if (!Number.isSafeInteger(row.position)) {
      throw new InvalidInputError(
        `${rowName(i, id)}.position`,
        `must be at most ${Number.MAX_SAFE_INTEGER} in size (got ${row.position})`,
      );
    }
    if (typeof row.tokens !== 'number' || !Number.isFinite(row.tokens) || row.tokens < 0) {
      throw new InvalidInputError(
        `${rowName(i, id)}.tokens`,
        `must be 0 or more tokens (got ${describe(row.tokens)})`,
      );
    }
    if (!Number.isInteger(row.tokens)) {
      throw new InvalidInputError(
        `${rowName(i, id)}.tokens`,
        `must be a whole number of tokens (got ${row.tokens})`,
      );
    }
    if (!Number.isSafeInteger(row.tokens)) {
      throw new InvalidInputError(
        `${rowName(i, id)}.tokens`,
        `must be at most ${Number.MAX_SAFE_INTEGER} tokens (got ${row.tokens})`,
      );
    }
    if (typeof row.pinned !== 'boolean')
      throw new InvalidInputError(`${rowName(i, id)}.pinned`, 'must be true or false');
  }
  const limit: unknown = budget.maxTotalTokens;
  if (limit !== null) {
    if (typeof limit !== 'number' || !Number.isFinite(limit) || limit < 0) {
      throw new InvalidInputError(
        'maxTotalTokens',
        `must be 0 or more tokens, or unbounded (got ${describe(limit)})`,
      );
    }
    // The seed types the limit `int | None` (SPEC §9): 100.5 is not a limit.
    if (!Number.isSafeInteger(limit)) {
      throw new InvalidInputError(
        'maxTotalTokens',
        `must be a whole number of at most ${Number.MAX_SAFE_INTEGER} tokens (got ${limit})`,
      );
    }
  }
}

// Built only for a rejected row: validation runs on every admission.
function rowName(index: number, id: string): string {
  return `rows[${index}] (${JSON.stringify(id)})`;
}

/** Code-point order, as Python compares strings (UTF-16 order differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  // Fast path: compare UTF-16 code units up to the first difference. Where
  // neither differing unit is a surrogate, each is its own code point and the
  // equal prefix holds the same code points, so the units decide.
  const shorter = Math.min(a.length, b.length);
  let i = 0;
  while (i < shorter && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === shorter) return a.length - b.length;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if ((x < 0xd800 || x > 0xdfff) && (y < 0xd800 || y > 0xdfff)) return x - y;
  return compareByCodePoint(a, b);
}

function compareByCodePoint(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const ca = ia.next();
    const cb = ib.next();
    if (ca.done) return cb.done ? 0 : -1;
    if (cb.done) return 1;
    const d = (ca.value.codePointAt(0) as number) - (cb.value.codePointAt(0) as number);
    if (d !== 0) return d;
  }
}

/**
 * The drop order (seed 003, `_most_droppable_first`): position descending,
 * ties by id ascending in code-point order. Returns indices into `rows`.
 */
export function mostDroppableFirst(rows: readonly BudgetRow[]): number[] {
  const count = rows.length;
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < count; i++) {
    const position = (rows[i] as BudgetRow).position;
    if (position < lowest) lowest = position;
    if (position > highest) highest = position;
  }
  const order = new Array<number>(count);
  if (count > 0 && (highest - lowest + 1) * count <= Number.MAX_SAFE_INTEGER) {
    // Position descending as one exact integer key per row, sorted natively
    // (no comparator calls), then each run of equal positions sorted by id.
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++)
      keys[i] = (highest - (rows[i] as BudgetRow).position) * count + i;
    keys.sort();
    for (let k = 0; k < count; k++) order[k] = (keys[k] as number) % count;
    let start = 0;
    while (start < count) {
      const position = (rows[order[start] as number] as BudgetRow).position;
      let end = start + 1;
      while (end < count && (rows[order[end] as number] as BudgetRow).position === position) end++;
      if (end - start > 1) sortRunById(rows, order, start, end);
      start = end;
    }
    return order;
  }
  for (let i = 0; i < count; i++) order[i] = i;
  return order.sort((i, j) => {
    const a = rows[i] as BudgetRow;
    const b = rows[j] as BudgetRow;
    return b.position - a.position || compareCodePoints(a.contributionId, b.contributionId);
  });
}

/** Sorts `order[start..end)` by contribution id, code-point order. */
function sortRunById(
  rows: readonly BudgetRow[],
  order: number[],
  start: number,
  end: number,
): void {
  const run = order.slice(start, end);
  run.sort((i, j) =>
    compareCodePoints((rows[i] as BudgetRow).contributionId, (rows[j] as BudgetRow).contributionId),
  );
  for (let k = 0; k < run.length; k++) order[start + k] = run[k] as number;
}

/**
 * Admits as much as the budget allows, dropping whole rows in the fixed
 * drop order and skipping pinned ones (seed 003, `admit_within_budget`).
 * Returned rows keep input order.
 *
 * @throws InvalidInputError for invalid rows or limit (before admission)
 * @throws BudgetExceededError when the pinned rows alone exceed the limit
 */
export function admitWithinBudget(rows: readonly BudgetRow[], budget: PromptBudget): Admission {
  validateBudgetInput(rows, budget);
  let total = 0;
  for (const row of rows) total += row.tokens;
  // `-0` as a limit is the integer 0 (SPEC §12).
  const limit = budget.maxTotalTokens === null ? null : budget.maxTotalTokens + 0;
  if (limit === null || total <= limit) {
    const ids = rows.map((row) => row.contributionId);
    return {
      admitted: rows.slice(),
      report: { limit, totalTokens: total, admitted: ids, dropped: [] },
    };
  }
  let pinnedTotal = 0;
  for (const row of rows) if (row.pinned) pinnedTotal += row.tokens;
  if (pinnedTotal > limit) {
    const pinnedIds = rows.filter((row) => row.pinned).map((row) => row.contributionId);
    throw new BudgetExceededError(pinnedIds, pinnedTotal, limit);
  }
  const dropped = new Uint8Array(rows.length);
  let running = total;
  for (const i of mostDroppableFirst(rows)) {
    if (running <= limit) break;
    const row = rows[i] as BudgetRow;
    if (row.pinned) continue;
    dropped[i] = 1;
    running -= row.tokens;
  }
  const admitted: BudgetRow[] = [];
  const admittedIds: string[] = [];
  const droppedIds: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as BudgetRow;
    if (dropped[i] === 1) {
      droppedIds.push(row.contributionId);
    } else {
      admitted.push(row);
      admittedIds.push(row.contributionId);
    }
  }
  return {
    admitted,
    report: { limit, totalTokens: running, admitted: admittedIds, dropped: droppedIds },
  };
}
