/**
 * The figures of the "Your traffic" tab, derived from the stored calls and
 * the current price table: the summary, the as-billed cost (SPEC §10, §13.7)
 * by conversation, model, UTC day, project, branch, agent and source, with
 * the tokens beside the dollars and tool fees apart, and the as-run
 * calibration (SPEC §11). Every dollar comes from the core's bill. Runs in
 * the import worker, next to the calls.
 */
import { findPriceRow } from '../../core/model-names.ts';
import type { PricingTable } from '../../core/pricing.ts';
import {
  billTrace,
  dayKeyOf,
  DIFFERENCE_CAUSE_TEXT,
  replayTrace,
  UNDATED_DAY,
  type BilledUsd,
  type CallAgent,
  type TraceCall,
} from '../../core/traces/index.ts';
import {
  MAX_CALIBRATION_POINTS,
  MAX_LISTED_CONVERSATIONS,
  type BilledRow,
  type BreakdownView,
  type CalibrationPoint,
  type ConversationNote,
  type ModelSeen,
  type TokenTotals,
  type ToolRequestCount,
  type TrafficAnalysis,
  type TrafficCalibration,
} from './traffic-types.ts';

const NO_TOKENS: TokenTotals = Object.freeze({
  inputTokens: 0,
  cacheReadTokens: 0,
  cacheWrite5mTokens: 0,
  cacheWrite1hTokens: 0,
  outputTokens: 0,
});

interface Tally {
  calls: number;
  inputTokens: number;
  cacheReadTokens: number;
  cacheWrite5mTokens: number;
  cacheWrite1hTokens: number;
  outputTokens: number;
}

/** Calls and tokens by kind, summed by a key. */
class TokenTally {
  readonly byKey = new Map<string, Tally>();

  add(key: string, call: TraceCall): void {
    let t = this.byKey.get(key);
    if (t === undefined) {
      t = { calls: 0, ...NO_TOKENS };
      this.byKey.set(key, t);
    }
    t.calls += 1;
    t.inputTokens += call.inputTokens;
    t.cacheReadTokens += call.cacheReadTokens;
    t.cacheWrite5mTokens += call.cacheWrite5mTokens;
    t.cacheWrite1hTokens += call.cacheWrite1hTokens;
    t.outputTokens += call.outputTokens;
  }

  get(key: string): { calls: number; tokens: TokenTotals } {
    const t = this.byKey.get(key);
    if (t === undefined) return { calls: 0, tokens: NO_TOKENS };
    const { calls, ...tokens } = t;
    return { calls, tokens };
  }
}

/** The core's costs by key as rows, with the calls and tokens summed under the same keys. */
function rowsOf(costs: ReadonlyMap<string, BilledUsd>, tally: TokenTally): BilledRow[] {
  return [...costs].map(([key, cost]) => ({ key, ...tally.get(key), ...cost }));
}

const byCost = (a: BilledRow, b: BilledRow) =>
  b.totalUsd - a.totalUsd || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const byCount = (a: ToolRequestCount, b: ToolRequestCount) =>
  b.requests - a.requests || (a.kind < b.kind ? -1 : 1);

function requestCounts(map: ReadonlyMap<string, number>): ToolRequestCount[] {
  return [...map].map(([kind, requests]) => ({ kind, requests })).sort(byCount);
}

const AGENTS: readonly CallAgent[] = ['main', 'subagent'];

/**
 * The as-billed cost by agent: the core's bill of the main agent's calls and
 * of the subagents' (the core's bill has no by-agent breakdown; a bill is a
 * sum over calls, so the two add up to the whole).
 */
function agentRows(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  tally: TokenTally,
): BilledRow[] {
  const rows: BilledRow[] = [];
  for (const agent of AGENTS) {
    const mine = calls.filter((c) => c.agent === agent);
    if (mine.length === 0) continue;
    const bill = billTrace(mine, pricing);
    if (bill.pricedCalls > 0) rows.push({ key: agent, ...tally.get(agent), ...bill.totals });
  }
  return rows;
}

const FOLDER_CHARS = 40;
const TITLE_TEXT_CHARS = 80;

function oneLine(text: string, chars: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars - 1).trimEnd()}…` : line;
}

/** The last segment of a path (`/home/ana/work/billing` → `billing`; Windows paths too). */
export function projectFolder(project: string): string {
  const parts = project.split(/[\\/]+/).filter((p) => p !== '');
  return parts.at(-1) ?? project;
}

/**
 * A conversation's name a person recognises: its project folder and its
 * summary line (Claude Code) or first prompt, one line, about 80
 * characters; `undefined` when neither is known.
 */
export function conversationTitle(
  project: string | null,
  note: ConversationNote | undefined,
): string | undefined {
  const folder =
    project === null || project === '' ? '' : oneLine(projectFolder(project), FOLDER_CHARS);
  const text = note?.summary ?? note?.firstPrompt;
  const words = text === undefined ? '' : oneLine(text, TITLE_TEXT_CHARS);
  if (folder === '' && words === '') return undefined;
  if (folder === '') return words;
  return words === '' ? folder : `${folder} · ${words}`;
}

function calibrationOf(calls: readonly TraceCall[], pricing: PricingTable): TrafficCalibration {
  const replay = replayTrace(calls, pricing, { kind: 'asRun' });
  const calibration = replay.calibration!;
  const within = (predicted: number, logged: number, prompt: number) =>
    Math.abs(logged - predicted) <= 0.02 * prompt;
  const all = replay.calls;
  const stride = Math.max(1, Math.ceil(all.length / MAX_CALIBRATION_POINTS));
  const points: CalibrationPoint[] = [];
  const listed = new Set(
    calibration.largestDifferences.map((d) => `${d.conversationId}\n${d.callId}`),
  );
  all.forEach((call, index) => {
    if (index % stride !== 0 && !listed.has(`${call.conversationId}\n${call.callId}`)) return;
    points.push({
      predictedCachedTokens: call.cachedTokens,
      loggedCacheReadTokens: call.loggedCacheReadTokens,
      promptTokens: call.promptTokens,
      within: within(call.cachedTokens, call.loggedCacheReadTokens, call.promptTokens),
    });
  });
  return {
    calls: calibration.calls,
    withinTwoPercent: calibration.withinTwoPercent,
    share: calibration.share,
    largestDifferences: calibration.largestDifferences.map((d) => ({
      ...d,
      causeText: DIFFERENCE_CAUSE_TEXT[d.cause],
    })),
    points,
    pointsSampled: stride > 1,
  };
}

/** The listed rows of a breakdown: the most expensive `MAX_LISTED_CONVERSATIONS`. */
const listed = (rows: BilledRow[]) => rows.sort(byCost).slice(0, MAX_LISTED_CONVERSATIONS);

/**
 * Every figure the tab shows for `calls` (by time, as stored) under
 * `pricing`; `notes` name the conversations, `reported` is what stream-json
 * runs said they cost.
 */
export function analyseTraffic(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  notes: ReadonlyMap<string, ConversationNote> = new Map(),
  reported: ReadonlyMap<string, number> = new Map(),
): TrafficAnalysis {
  const billed = billTrace(calls, pricing);
  const conversations = new Set<string>();
  const conversationProject = new Map<string, string | null>();
  const byModelName = new TokenTally();
  const rowNames = new Map<string, string | undefined>();
  // Priced calls only, under the core's keys (SPEC §13.7), so tokens sit beside their dollars.
  const tallies: Record<BreakdownView, TokenTally> = {
    conversation: new TokenTally(),
    model: new TokenTally(),
    day: new TokenTally(),
    project: new TokenTally(),
    branch: new TokenTally(),
    agent: new TokenTally(),
    source: new TokenTally(),
  };
  const all = new TokenTally();
  const priced = new TokenTally();
  let sidechainCalls = 0;
  let firstAt: number | undefined;
  let lastAt: number | undefined;
  for (const call of calls) {
    conversations.add(call.conversationId);
    if (
      !conversationProject.has(call.conversationId) ||
      conversationProject.get(call.conversationId) === null
    )
      conversationProject.set(call.conversationId, call.project);
    byModelName.add(call.model, call);
    all.add('', call);
    if (!rowNames.has(call.model))
      rowNames.set(call.model, findPriceRow(pricing, call.model)?.model);
    const row = rowNames.get(call.model);
    if (row !== undefined) {
      priced.add('', call);
      tallies.conversation.add(call.conversationId, call);
      tallies.model.add(row, call);
      tallies.day.add(dayKeyOf(call.at), call);
      tallies.project.add(call.project ?? '', call);
      tallies.branch.add(call.gitBranch ?? '', call);
      tallies.agent.add(call.agent, call);
      tallies.source.add(call.source, call);
    }
    if (call.sidechain) sidechainCalls += 1;
    // An undated call (SPEC §13.1) has no place on the time line.
    if (call.at !== null) {
      if (firstAt === undefined || call.at < firstAt) firstAt = call.at;
      if (lastAt === undefined || call.at > lastAt) lastAt = call.at;
    }
  }
  const models: ModelSeen[] = [...byModelName.byKey.keys()]
    .map((name) => ({ name, ...byModelName.get(name), priceRow: rowNames.get(name) }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  // Only the listed conversations are named.
  const byConversation = listed(rowsOf(billed.byConversation, tallies.conversation)).map((r) => {
    const title = conversationTitle(conversationProject.get(r.key) ?? null, notes.get(r.key));
    return title === undefined ? r : { ...r, title };
  });
  const byProject = rowsOf(billed.byProject, tallies.project);
  const byBranch = rowsOf(billed.byBranch, tallies.branch);
  const bySource = rowsOf(billed.bySource, tallies.source);
  const byAgent = agentRows(calls, pricing, tallies.agent);
  const byModel = rowsOf(billed.byModel, tallies.model).sort(byCost);
  // Days in order, undated last.
  const byDay = rowsOf(billed.byDay, tallies.day).sort((a, b) =>
    a.key === b.key
      ? 0
      : a.key === UNDATED_DAY
        ? 1
        : b.key === UNDATED_DAY
          ? -1
          : a.key < b.key
            ? -1
            : 1,
  );
  let unpricedCalls = 0;
  for (const n of billed.unpriced.values()) unpricedCalls += n;
  const pricedTokens = priced.get('').tokens;
  let reportedUsd = 0;
  for (const usd of reported.values()) reportedUsd += usd;
  const calibration = billed.pricedCalls > 0 ? calibrationOf(calls, pricing) : undefined;
  const tokens = all.get('').tokens;
  return {
    calls: calls.length,
    conversations: conversations.size,
    sidechainCalls,
    firstAt,
    lastAt,
    tokens,
    models,
    billed: {
      totals: billed.totals,
      pricedCalls: billed.pricedCalls,
      unpricedCalls,
      byModel,
      byConversation,
      pricedConversations: billed.byConversation.size,
      byDay,
      byProject: listed(byProject),
      byBranch: listed(byBranch),
      byAgent,
      bySource: listed(bySource),
      rowsInAll: {
        conversation: billed.byConversation.size,
        model: byModel.length,
        day: byDay.length,
        project: byProject.length,
        branch: byBranch.length,
        agent: byAgent.length,
        source: bySource.length,
      },
      pricedTokens,
      byKind: billed.byKind,
      toolRequests: requestCounts(billed.toolRequests),
      unpricedToolRequests: requestCounts(billed.unpricedToolRequests),
      reported: { totalCostUsd: reportedUsd, conversations: reported.size },
    },
    calibration,
  };
}
