/**
 * Turn-by-turn simulation of what a routing setup costs (SPEC §5, §5.1):
 * resolve each hop (seed 001), then price it against a per-model prompt
 * cache, with each row's minimum cacheable prompt and long-context tier.
 */
import { cacheWriteRate, callRates, isCacheable } from '../call-rates.ts';
import { InvalidInputError } from '../errors.ts';
import { type PricingTable, priceRowFor } from '../pricing.ts';
import { readonlyMap } from '../resolver/context.ts';
import { supportsForcedToolChoice } from '../resolver/force.ts';
import { resolve } from '../resolver/precedence.ts';
import type { Complexity, DispatchContext, MessageKind } from '../resolver/types.ts';
import type { HopRecord, RoutingScenario, SimResult } from './types.ts';
import { validateScenario } from './validate.ts';

// The types and the validation live in their own modules; this one stays the
// routing simulation's public path.
export type { HopRecord, RoutingScenario, SimHop, SimResult, SimTotals, SimTurn } from './types.ts';
export { validateScenario } from './validate.ts';

interface CacheEntry {
  tokens: number;
  lastUse: number;
  thinking: boolean;
}
/**
 * Walks the conversation (SPEC §5) and returns a record per hop and the
 * totals. Each call is billed at its tier's rates (the long-context tier when
 * its prompt is above the row's threshold), and a prompt shorter than the
 * row's `minCacheableTokens` is neither read from nor written to the cache
 * but billed as plain input (SPEC §5.1). Pure and deterministic.
 *
 * @throws InvalidInputError when the scenario cannot be priced
 */
export function simulateRouting(scenario: RoutingScenario, pricing: PricingTable): SimResult {
  validateScenario(scenario, pricing);
  const ttl = scenario.cacheTtlSeconds ?? 300;
  const thinkingInvalidates = scenario.thinkingInvalidatesCache ?? true;
  const system = scenario.systemTokens;
  const entries = new Map<string, CacheEntry>();
  const stamps = new Map<string, number>();
  const cacheState = readonlyMap(stamps);
  const messages: MessageKind[] = [];
  const hops: HopRecord[] = [];
  let t = 0;
  let tokens = 0;
  let sumTotal = 0;
  let sumRead = 0;
  let sumWrite = 0;
  let sumInput = 0;
  let sumOutput = 0;
  let sumClassifier = 0;
  let sumCached = 0;
  let sumPrompt = 0;
  let switches = 0;
  let calls = 0;
  let dropped = 0;
  let previousModel: string | null = null;

  scenario.turns.forEach((turn, turnIndex) => {
    t += turn.gapSeconds;
    messages.push('human');
    tokens += turn.userTokens;
    // Equal to turnHopIndex(messages) at every hop: the walk only appends
    // `ai` and `tool` messages after the turn's `human` one.
    let hopIndex = 0;
    const toolNames = turn.toolNames == null ? null : Object.freeze(turn.toolNames.slice());
    turn.hops.forEach((hop, hopNumber) => {
      const ctx = new SimDispatchContext(
        messages,
        hop.forcedTool ?? null,
        toolNames,
        cacheState,
        hopIndex,
        turn.complexity,
        t,
      );
      const resolution = resolve(scenario.policies, scenario.strategy, scenario.defaultModel, ctx);
      const { model, thinking } = resolution.config;
      const row = priceRowFor(pricing, model);
      if (row === undefined)
        throw new InvalidInputError('model', `no pricing row for model ${JSON.stringify(model)}`);

      const prompt = system + tokens;
      const rates = callRates(row, prompt);
      const billedThinking = thinking ? hop.thinkingTokens : 0;
      let cached = 0;
      let write = 0;
      let uncached = 0;
      let cache: HopRecord['cache'] = 'cold';
      if (isCacheable(row, prompt)) {
        const entry = entries.get(model);
        if (entry !== undefined && t - entry.lastUse < ttl) {
          if (entry.thinking !== thinking && thinkingInvalidates) {
            cached = Math.min(entry.tokens, system);
            cache = 'partial';
          } else {
            cached = entry.tokens;
            cache = 'warm';
          }
        }
        write = prompt - cached;
        if (entry === undefined) entries.set(model, { tokens: prompt, lastUse: t, thinking });
        else {
          entry.tokens = prompt;
          entry.lastUse = t;
          entry.thinking = thinking;
        }
        if (write > 0) stamps.set(model, t);
      } else {
        // Too short to cache (SPEC §5.1): billed as plain input; the model's
        // cache entry and its cacheState stamp are left as they were.
        uncached = prompt;
        cache = 'uncacheable';
      }
      const readUsd = cached * rates.cacheRead;
      const writeUsd = write * cacheWriteRate(rates, ttl);
      const inputUsd = uncached * rates.input;
      const outputUsd = (hop.outputTokens + billedThinking) * rates.output;
      const classifierUsd = resolution.classifierUsd;
      const totalUsd = readUsd + writeUsd + inputUsd + outputUsd + classifierUsd;

      const forced = hop.forcedTool != null;
      const supported = supportsForcedToolChoice(resolution.config, row.provider);
      const record: HopRecord = {
        turn: turnIndex,
        hop: hopNumber,
        turnHopIndex: hopIndex,
        at: t,
        model,
        thinking,
        source: resolution.source,
        promptTokens: prompt,
        cachedTokens: cached,
        writeTokens: write,
        uncachedTokens: uncached,
        longContext: rates.longContext,
        outputTokens: hop.outputTokens,
        thinkingTokens: billedThinking,
        readUsd,
        writeUsd,
        inputUsd,
        outputUsd,
        classifierUsd,
        totalUsd,
        resolverCalls: resolution.resolverCalls,
        forceHonoured: forced && supported,
        forceDropped: forced && !supported,
        cache,
      };
      hops.push(record);

      sumTotal += totalUsd;
      sumRead += readUsd;
      sumWrite += writeUsd;
      sumInput += inputUsd;
      sumOutput += outputUsd;
      sumClassifier += classifierUsd;
      sumCached += cached;
      sumPrompt += prompt;
      calls += resolution.resolverCalls;
      if (record.forceDropped) dropped += 1;
      if (previousModel !== null && previousModel !== model) switches += 1;
      previousModel = model;

      messages.push('ai');
      hopIndex += 1;
      tokens += hop.outputTokens;
      t += hop.latencySeconds;
      if (hop.toolResultTokens > 0) {
        messages.push('tool');
        tokens += hop.toolResultTokens;
      }
    });
  });

  return {
    hops,
    totals: {
      totalUsd: sumTotal,
      readUsd: sumRead,
      writeUsd: sumWrite,
      inputUsd: sumInput,
      outputUsd: sumOutput,
      classifierUsd: sumClassifier,
      cacheHitRate: sumPrompt > 0 ? sumCached / sumPrompt : 0,
      modelSwitches: switches,
      resolverCalls: calls,
      forceDropped: dropped,
    },
  };
}

/**
 * A frozen dispatch context whose `messages` is copied only when read: the
 * declarative strategies never read it, and copying a long history on every
 * hop would make a 1,000-turn walk quadratic. A class rather than an object
 * literal with a getter: V8 gives every such literal its own hidden class,
 * which made building and freezing one cost microseconds per hop.
 */
class SimDispatchContext implements DispatchContext {
  readonly role = 'action' as const;
  readonly scope = 'explorer';
  readonly runId = 'explorer-run';
  readonly forcedToolChoice: string | null;
  readonly resolvedToolNames: readonly string[] | null;
  /** A read-only live view of the stamps; the resolver runs before this hop stamps. */
  readonly cacheState: ReadonlyMap<string, number>;
  readonly turnHopIndex: number;
  readonly complexity: Complexity;
  readonly now: number;
  readonly #history: readonly MessageKind[];
  readonly #length: number;
  // Private fields are not properties: Object.freeze leaves this cache writable.
  #snapshot: readonly MessageKind[] | undefined;

  constructor(
    history: readonly MessageKind[],
    forcedToolChoice: string | null,
    resolvedToolNames: readonly string[] | null,
    cacheState: ReadonlyMap<string, number>,
    turnHopIndex: number,
    complexity: Complexity,
    now: number,
  ) {
    this.forcedToolChoice = forcedToolChoice;
    this.resolvedToolNames = resolvedToolNames;
    this.cacheState = cacheState;
    this.turnHopIndex = turnHopIndex;
    this.complexity = complexity;
    this.now = now;
    this.#history = history;
    this.#length = history.length;
    Object.freeze(this);
  }

  get messages(): readonly MessageKind[] {
    this.#snapshot ??= Object.freeze(this.#history.slice(0, this.#length));
    return this.#snapshot;
  }
}
