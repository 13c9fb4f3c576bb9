/**
 * The price book's name matching: which of its models a name means (the
 * provider whose names it is, then that provider's first model whose match
 * holds, with dashed dates and fallback providers), and the bare ids and
 * exact aliases each model is also listed under in the billing table.
 */
import type { PriceRow } from '../core/index.ts';
import {
  equalsNames,
  matches,
  withDashedDates,
  type BookModel,
  type BookProvider,
} from './price-book-data.ts';

/** Providers whose own models' bare names win over resellers' copies of them. */
const FIRST_PARTY = [
  'anthropic',
  'openai',
  'google',
  'x-ai',
  'mistral',
  'deepseek',
  'cohere',
  'moonshotai',
  'zhipuai',
  'zai',
  'minimax',
  'perplexity',
  'voyageai',
];

/** Providers in the order their names are claimed: first parties, then the data's order. */
function claimOrder(providers: readonly BookProvider[]): BookProvider[] {
  const rank = (p: BookProvider) => {
    const i = FIRST_PARTY.indexOf(p.id);
    return i < 0 ? FIRST_PARTY.length : i;
  };
  return [...providers].sort((a, b) => rank(a) - rank(b));
}

/** The first model of `provider` (then of its fallback providers) whose match holds for `name`. */
function modelFor(
  provider: BookProvider,
  name: string,
  byId: ReadonlyMap<string, BookProvider>,
  depth = 0,
): BookModel | undefined {
  const own = provider.models.find((m) => matches(m.match, name));
  if (own !== undefined || depth > 0) return own;
  for (const id of provider.fallback_model_providers ?? []) {
    const other = byId.get(id);
    const found = other === undefined ? undefined : modelFor(other, name, byId, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The book's own resolution of a model name (case and surrounding spaces
 * ignored) to the table key of the model that prices it, `keyOf` giving each
 * converted model's key; `undefined` when no provider's model matches. Answers
 * are kept, so asking again for a name costs a map lookup.
 */
export function bookNameResolver(
  providers: readonly BookProvider[],
  keyOf: ReadonlyMap<BookModel, string>,
): (name: string) => string | undefined {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const resolved = new Map<string, string | undefined>();
  const resolveOnce = (name: string): string | undefined => {
    const tries: [BookProvider | undefined, string][] = [];
    const slash = name.indexOf('/');
    if (slash > 0) tries.push([byId.get(name.slice(0, slash)), name.slice(slash + 1)]);
    for (const candidate of slash > 0 ? [name, name.slice(slash + 1)] : [name]) {
      tries.push([
        providers.find((p) => p.model_match && matches(p.model_match, candidate)),
        candidate,
      ]);
    }
    for (const [provider, candidate] of tries) {
      if (provider === undefined) continue;
      for (const form of [candidate, withDashedDates(candidate)]) {
        const model = modelFor(provider, form, byId);
        const key = model === undefined ? undefined : keyOf.get(model);
        if (key !== undefined) return key;
      }
    }
    return undefined;
  };
  return (raw: string): string | undefined => {
    const name = raw.toLowerCase().trim();
    if (resolved.has(name)) return resolved.get(name);
    const key = resolveOnce(name);
    resolved.set(name, key);
    return key;
  };
}

/**
 * Lists each converted model in `table` under its bare id, then under each
 * exact name its match lists, adding every name claimed to `names` (per key).
 * A name goes to the model the book itself prices it with (`resolve`);
 * failing that (a name no provider claims), to the model that lists it, first
 * parties first. A name already in the table keeps its rows.
 */
export function claimBookNames(
  providers: readonly BookProvider[],
  keyOf: ReadonlyMap<BookModel, string>,
  resolve: (name: string) => string | undefined,
  table: Record<string, readonly PriceRow[]>,
  names: ReadonlyMap<string, string[]>,
): void {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const claim = (name: string, key: string | undefined) => {
    if (key === undefined || Object.hasOwn(table, name)) return;
    table[name] = table[key]!;
    names.get(key)!.push(name);
  };
  const ordered = claimOrder(providers);
  for (const provider of ordered) {
    for (const model of provider.models) {
      const key = keyOf.get(model);
      if (key !== undefined) claim(model.id, resolve(model.id) ?? key);
    }
  }
  for (const provider of ordered) {
    for (const model of provider.models) {
      const key = keyOf.get(model);
      if (key === undefined) continue;
      for (const alias of equalsNames(model.match)) {
        const own = modelFor(provider, alias, byId) === model ? key : undefined;
        claim(alias, resolve(alias) ?? own);
      }
    }
  }
}
