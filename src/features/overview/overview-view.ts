/**
 * The Overview's figures: the traffic's bill and the decisions it supports,
 * each one sentence with its figure, what it is compared with, which part
 * of the bill it stands for and how sure it is. Every number comes from the
 * worker's answers (the as-billed analysis, the cross-tab figures and the
 * cheapest-setting search, the gate's region over the traffic); this module
 * only chooses and words them. Pure.
 */
import type {
  BilledRow,
  RankedReplayChoice,
  ReplaySearchOutcome,
  TrafficAnalysis,
  TrafficCrossFigures,
} from '../../engine/traces/traffic-types.ts';
import type { TrafficGateRegion } from '../../engine/traces/traffic-gate-region.ts';
import { offloadAdvice, sizeOnlyLossRange } from '../../domain/recall-verdict.ts';
import { DAYS_PER_MONTH, per30Days } from '../../domain/volume.ts';
import { proposedSetting } from '../../domain/traffic-replay.ts';
import type { TabId } from '../../model/ui.ts';
import {
  formatFraction,
  formatMoney,
  formatMoneyChange,
  formatTokensCompact,
} from '../../format/number-format.ts';
import { plural } from '../traffic/plural.ts';
import { isolatedName } from '../../format/bidi.ts';

/** One row of "where the bill goes". */
export interface BillLine {
  readonly label: string;
  readonly usd: number;
  /** Of the whole bill, 0–1 (0 when the bill is 0). */
  readonly share: number;
}

/** A leading project or model of the bill. */
export interface BillLeader {
  /** As the trace names it; `(none)` for calls without a project. */
  readonly name: string;
  readonly usd: number;
  readonly share: number;
  readonly calls: number;
}

export interface OverviewBill {
  /** Tokens and tool fees of the priced calls, as the provider bills them. */
  readonly totalUsd: number;
  /** At the traffic's own rate (its span in days). */
  readonly per30DaysUsd: number;
  readonly spanDays: number;
  readonly calls: number;
  readonly conversations: number;
  readonly tokens: number;
  readonly unpricedCalls: number;
  /** By kind of charge; the lines add up to `totalUsd`. */
  readonly parts: readonly BillLine[];
  readonly topProjects: readonly BillLeader[];
  readonly topModels: readonly BillLeader[];
}

/** How sure a decision is, in a word and a sentence. */
export interface Confidence {
  readonly level: 'exact' | 'estimate' | 'depends';
  readonly text: string;
}

export interface Decision {
  readonly id: 'models' | 'ttl' | 'gate';
  /** The question, e.g. "Which models?". */
  readonly question: string;
  /** One sentence with the figure. */
  readonly sentence: string;
  /** The figure a reader acts on: the change against the bill, USD over the traffic (negative: saves). */
  readonly changeUsd: number | undefined;
  /** The same change per 30 days at the traffic's rate. */
  readonly changePer30DaysUsd: number | undefined;
  readonly comparedWith: string;
  /** Which part of the bill the figure stands for. */
  readonly billPart: string;
  readonly confidence: Confidence;
  /** What acting on it gives up, in words. */
  readonly givesUp: readonly string[];
  /** The tab that explains it. */
  readonly tab: TabId;
  readonly tabLabel: string;
  /** The replay setting behind it, when the decision is a replay. */
  readonly choice?: RankedReplayChoice;
}

export interface OverviewView {
  readonly bill: OverviewBill;
  readonly decisions: readonly Decision[];
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function leaders(rows: readonly BilledRow[], total: number, noName: string): BillLeader[] {
  return [...rows]
    .sort((a, b) => b.totalUsd - a.totalUsd || a.key.localeCompare(b.key))
    .slice(0, 3)
    .map((row) => ({
      name: row.key === '' ? noName : row.key,
      usd: row.totalUsd,
      share: share(row.totalUsd, total),
      calls: row.calls,
    }));
}

/** The bill as the Overview shows it. */
export function overviewBillOf(
  analysis: TrafficAnalysis,
  cross: TrafficCrossFigures | undefined,
): OverviewBill {
  const totals = analysis.billed.totals;
  const t = analysis.tokens;
  const total = totals.totalUsd;
  const lines: readonly (readonly [string, number])[] = [
    ['Plain input', totals.inputUsd],
    ['Cache reads', totals.cacheReadUsd],
    ['Cache writes', totals.cacheWrite5mUsd + totals.cacheWrite1hUsd],
    ['Output', totals.outputUsd],
    ['Server-tool fees', totals.toolFeesUsd],
  ];
  // Only the kinds this traffic was charged for; the lines add up to the total.
  const parts: BillLine[] = lines
    .filter(([, usd]) => usd !== 0)
    .map(([label, usd]) => ({ label, usd, share: share(usd, total) }));
  const spanDays = cross?.rates.spanDays ?? 0;
  return {
    totalUsd: total,
    per30DaysUsd: (cross?.rates.asBilledUsdPerDay ?? 0) * DAYS_PER_MONTH,
    spanDays,
    calls: analysis.calls,
    conversations: analysis.conversations,
    tokens:
      t.inputTokens +
      t.cacheReadTokens +
      t.cacheWrite5mTokens +
      t.cacheWrite1hTokens +
      t.outputTokens,
    unpricedCalls: analysis.billed.unpricedCalls,
    parts,
    topProjects: leaders(analysis.billed.byProject, total, '(no project)'),
    topModels: leaders(analysis.billed.byModel, total, '(no model)'),
  };
}

function changeWords(changeUsd: number, asBilledUsd: number, spanDays: number): string {
  const pct = asBilledUsd > 0 ? ` (${formatFraction(changeUsd / asBilledUsd, 0)})` : '';
  const month = per30Days(changeUsd, spanDays);
  const monthly = month === undefined ? '' : `, ${formatMoneyChange(month)} per 30 days`;
  return `${formatMoneyChange(changeUsd)}${pct}${monthly}`;
}

const REPLAY_CONFIDENCE: Confidence = {
  level: 'exact',
  text:
    'Exact for these calls: each one is billed again in time order under the new setting, ' +
    'with the cache rules the bill itself follows. For future traffic it holds as far as ' +
    'that traffic resembles this; it cannot tell whether the answers would be as good.',
};

/** The model decision: the cheapest setting the search allows (same provider by default). */
/** What a replay is compared with: the bill of the priced calls, tokens and server-tool fees. */
function replayBaseline(search: ReplaySearchOutcome): string {
  return `the bill as it was (${formatMoney(search.asBilledUsd)})`;
}

function replayBillPart(search: ReplaySearchOutcome, bill: OverviewBill): string {
  const left =
    bill.unpricedCalls > 0
      ? `; the ${plural(bill.unpricedCalls, 'call')} without a price row are not in it`
      : '';
  return `every priced call, tokens and server-tool fees: ${plural(search.pricedCalls, 'call')}${left}`;
}

function modelsDecision(search: ReplaySearchOutcome, bill: OverviewBill): Decision {
  const { spanDays } = bill;
  const best = proposedSetting(search);
  const base = {
    id: 'models' as const,
    question: 'Which models?',
    comparedWith: replayBaseline(search),
    billPart: replayBillPart(search, bill),
    tab: 'traffic' as const,
    tabLabel: 'Your traffic: find the cheapest setting',
    confidence: REPLAY_CONFIDENCE,
  };
  if (best === undefined) {
    return {
      ...base,
      sentence:
        'Keep your models: no move to another model of the same provider would have billed ' +
        'this traffic for less.',
      changeUsd: 0,
      changePer30DaysUsd: 0,
      givesUp: [],
    };
  }
  const change = best.totalUsd - search.asBilledUsd;
  return {
    ...base,
    sentence:
      `Replayed with ${best.choiceText}, this traffic would have billed ${formatMoney(best.totalUsd)} ` +
      `instead of ${formatMoney(search.asBilledUsd)}: ${changeWords(change, search.asBilledUsd, spanDays)}.`,
    changeUsd: change,
    changePer30DaysUsd: per30Days(change, spanDays),
    givesUp: best.givesUp,
    choice: best,
  };
}

/** The cache decision: the cheapest setting that moves no model (a TTL change alone). */
function ttlDecision(search: ReplaySearchOutcome, bill: OverviewBill): Decision {
  const { spanDays } = bill;
  const keep = search.keepModels;
  const change = keep.totalUsd - search.asBilledUsd;
  const base = {
    id: 'ttl' as const,
    question: 'How long to keep the prompt cache?',
    comparedWith: replayBaseline(search),
    billPart: 'the cache writes and reads of the calls whose provider lets you choose a TTL',
    tab: 'traffic' as const,
    tabLabel: 'Your traffic: cache TTL',
    confidence: REPLAY_CONFIDENCE,
  };
  if (change >= 0) {
    return {
      ...base,
      sentence:
        'Keep your cache settings: no other TTL on the same models would have billed this ' +
        'traffic for less.',
      changeUsd: 0,
      changePer30DaysUsd: 0,
      givesUp: [],
    };
  }
  return {
    ...base,
    sentence:
      `Without moving any model, a ${keep.choice.ttlSeconds === 3600 ? '1-hour' : '5-minute'} cache TTL ` +
      `would have billed ${formatMoney(keep.totalUsd)}: ` +
      `${changeWords(change, search.asBilledUsd, spanDays)}.`,
    changeUsd: change,
    changePer30DaysUsd: per30Days(change, spanDays),
    givesUp: keep.givesUp,
    choice: keep,
  };
}

const POLICY_WORDS = {
  sizeOnly: (threshold: number) =>
    `Offload every tool output of ${formatTokensCompact(threshold)} tokens or more (size-only)`,
  gate: () => 'Offload with the net-saving gate',
} as const;

/** "claude-sonnet-4-5 (812 outputs, 91 % read from cache)", the largest groups first. */
function groupWords(region: TrafficGateRegion): string {
  const shown = region.groups
    .slice(0, 3)
    .map(
      (g) =>
        `${isolatedName(g.model)}: ${plural(g.outputs, 'output')}, ${formatFraction(g.cacheHitShare, 0)} of its prompts read from cache`,
    );
  const more = region.groups.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${plural(more, 'other model')}` : shown.join('; ');
}

/**
 * The offload decision: the policy that never costs more than never
 * offloading at any recall rate or elasticity the region sweeps, and its
 * saving at worst and at best. Per 1,000 outputs in the region; scaled here
 * to the traffic's priced outputs and to 30 days at its rate.
 */
function gateDecision(region: TrafficGateRegion): Decision {
  const advice = offloadAdvice(region.rows);
  const n = region.outputs;
  const overTraffic = (perThousand: number) => (perThousand * n) / 1000;
  const perMonth = (perThousand: number) =>
    (perThousand * region.outputsPerDay * DAYS_PER_MONTH) / 1000;
  const { inputs } = region.request;
  const thresholdTokens = region.request.population.sizeOnlyThresholdTokens;
  const range = sizeOnlyLossRange(advice);
  const sizeOnlyRisk =
    range === null
      ? ''
      : ` Size-only at ${formatTokensCompact(thresholdTokens)} tokens would lose money once more than ` +
        `${formatFraction(range.lowest, 0)}–${formatFraction(range.highest, 0)} of offloaded outputs are recalled.`;
  const unpriced =
    region.unpricedOutputs > 0
      ? `; the ${plural(region.unpricedOutputs, 'output')} of calls without a price row ${region.unpricedOutputs === 1 ? 'is' : 'are'} left out`
      : '';
  const base = {
    id: 'gate' as const,
    question: 'Offload large tool outputs?',
    comparedWith:
      'never offloading, as your traffic ran: every output carried for the later calls of its conversation',
    billPart:
      `the carry of the ${plural(n, 'tool output')} in your traffic, each priced on the model of the call that read it, ` +
      `read from the cache as often as that model's prompts were (${groupWords(region)})${unpriced}`,
    confidence: {
      level: 'depends' as const,
      text:
        'Depends on how often an offloaded output is recalled, which no trace shows: the figures hold for ' +
        'every recall rate from 0 to 100 % at elasticity k from 0 to 2. Sizes, remaining turns, models and ' +
        "cache shares are your traffic's own.",
    },
    tab: 'gate' as const,
    // The gate tab draws the region at one model, to explore; the figure here is the traffic's.
    tabLabel: 'Offload gate: explore where offloading pays',
  };
  if (advice.policy === 'never') {
    return {
      ...base,
      sentence: advice.noSafePolicy
        ? `Keep tool outputs in context: on your ${plural(n, 'tool output')} each offloading policy costs more than not offloading at some recall rate.${sizeOnlyRisk}`
        : `Keep tool outputs in context: offloading saves nothing on your ${plural(n, 'tool output')}.`,
      changeUsd: 0,
      changePer30DaysUsd: 0,
      givesUp: [],
    };
  }
  const least = advice.leastSavingUsd;
  const most = advice.mostSavingUsd;
  const month =
    region.outputsPerDay > 0
      ? ` (${formatMoney(perMonth(least))} to ${formatMoney(perMonth(most))} per 30 days)`
      : '';
  return {
    ...base,
    sentence:
      `${POLICY_WORDS[advice.policy](thresholdTokens)}: ` +
      `on your ${plural(n, 'tool output')} it saves ${formatMoney(overTraffic(least))} to ${formatMoney(overTraffic(most))}${month} ` +
      `against never offloading, and never costs more at any recall rate.${advice.policy === 'gate' ? sizeOnlyRisk : ''}`,
    // The figure is the saving at worst: what the decision is sure of.
    changeUsd: -overTraffic(least),
    changePer30DaysUsd: region.outputsPerDay > 0 ? -perMonth(least) : undefined,
    givesUp: [
      `a recalled output costs a recall hop (${formatTokensCompact(inputs.recallInputTokens)} tokens in, ${formatTokensCompact(inputs.recallOutputTokens)} out)`,
      `until it is recalled the model reads a ${formatTokensCompact(inputs.stubTokens)}-token stub instead of the output`,
    ],
  };
}

/** The Overview: the bill, then the decisions the search and the gate's region support (none until they answer). */
export function overviewViewOf(
  analysis: TrafficAnalysis,
  cross: TrafficCrossFigures | undefined,
  search: ReplaySearchOutcome | undefined,
  gate?: TrafficGateRegion,
): OverviewView {
  const bill = overviewBillOf(analysis, cross);
  const decisions =
    search === undefined || search.scopeCalls === 0
      ? []
      : [modelsDecision(search, bill), ttlDecision(search, bill)];
  const withGate =
    gate === undefined || gate.outputs === 0 || gate.rows.length === 0
      ? decisions
      : [...decisions, gateDecision(gate)];
  return { bill, decisions: withGate };
}

/** "1.2M tokens" for the bill's line. */
export function tokensText(tokens: number): string {
  return `${formatTokensCompact(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
}
