/**
 * The import session of the "Your traffic" tab: a small store of its own,
 * outside the scenario (the calls never go into links, the URL or exported
 * scenarios). It holds what the tab shows — progress, the stored traffic's
 * metadata and the figures the worker derived — never the calls.
 */
import { create } from 'zustand';
import type { PricingTable } from '../../core/pricing.ts';
import type { TrafficSource } from '../../engine/traces/read-file.ts';
import { createTrafficClient, type TrafficClient } from '../../engine/traces/traffic-client.ts';
import type {
  ImportOutcome,
  ImportProgress,
  TrafficAnalysis,
  TrafficMeta,
} from '../../engine/traces/traffic-types.ts';
import { tableFromRows } from '../../model/prices.ts';
import { useAppStore } from '../../state/store.ts';
import { forgetCrossFigures, publishCrossFigures } from './cross-figures.ts';
import { plural } from './plural.ts';

export interface TrafficNotice {
  readonly kind: 'error' | 'done' | 'cancelled';
  readonly text: string;
}

export interface TrafficSessionState {
  /** `starting` until the stored traffic has been looked for. */
  readonly phase: 'starting' | 'ready' | 'importing';
  readonly progress: ImportProgress | undefined;
  readonly meta: TrafficMeta | undefined;
  readonly analysis: TrafficAnalysis | undefined;
  readonly notice: TrafficNotice | undefined;
  /** Bumped whenever the stored calls change, so figures are derived again. */
  readonly version: number;
  /** Whose traffic the next import is (a person or a machine), kept for the session; `''` for none. */
  readonly label: string;
}

const INITIAL: TrafficSessionState = {
  phase: 'starting',
  progress: undefined,
  meta: undefined,
  analysis: undefined,
  notice: undefined,
  version: 0,
  label: '',
};

export const useTrafficSession = create<TrafficSessionState>(() => INITIAL);

let client: TrafficClient | undefined;
let started: Promise<void> | undefined;
let analysisSeq = 0;
let pasteCount = 0;

function theClient(): TrafficClient {
  client ??= createTrafficClient();
  return client;
}

const set = (patch: Partial<TrafficSessionState>) => useTrafficSession.setState(patch);

/** Looks for stored traffic, once per page. */
export function startTrafficSession(): Promise<void> {
  started ??= theClient()
    .load()
    .then(
      (meta) => set({ phase: 'ready', meta, version: useTrafficSession.getState().version + 1 }),
      () => set({ phase: 'ready' }),
    );
  return started;
}

/** The label as the import uses it: one line, trimmed, at most `MAX_LABEL_CHARS`. */
export function cleanLabel(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_CHARS);
}

/** The longest import label kept. */
export const MAX_LABEL_CHARS = 80;

/** Sets whose traffic the next imports are. */
export function setImportLabel(text: string): void {
  set({ label: text });
}

function noticeOf(outcome: ImportOutcome, label: string): TrafficNotice {
  if (outcome.status === 'cancelled') {
    return {
      kind: 'cancelled',
      text: 'Import cancelled: nothing from it was kept. The traffic imported before is unchanged.',
    };
  }
  const skipped =
    outcome.skippedRecords === 0
      ? 'nothing skipped'
      : `${plural(outcome.skippedRecords, 'record')} skipped (listed below)`;
  return {
    kind: 'done',
    text:
      `Read ${plural(outcome.filesRead, 'file')}${label === '' ? '' : ` labelled \u201c\u2068${label}\u2069\u201d`}: ` +
      `${plural(outcome.addedCalls, 'new call')}, ${skipped}.`,
  };
}

/** Imports `sources` into the stored traffic; an empty list is refused with a message. */
export async function importTraffic(
  sources: readonly TrafficSource[],
  from: string,
): Promise<void> {
  await startTrafficSession();
  if (useTrafficSession.getState().phase === 'importing') return;
  if (sources.length === 0) {
    set({ notice: { kind: 'error', text: `${from} holds no files: there was nothing to read.` } });
    return;
  }
  const label = cleanLabel(useTrafficSession.getState().label);
  const labelled = label === '' ? sources : sources.map((s) => ({ ...s, source: label }));
  set({ phase: 'importing', progress: undefined, notice: undefined });
  try {
    const outcome = await theClient().importFiles(labelled, (progress) => set({ progress }));
    const changed = outcome.status === 'done';
    set({
      phase: 'ready',
      progress: undefined,
      meta: outcome.meta,
      notice: noticeOf(outcome, label),
      version: useTrafficSession.getState().version + (changed ? 1 : 0),
    });
  } catch (error) {
    set({
      phase: 'ready',
      progress: undefined,
      notice: {
        kind: 'error',
        text: `The import failed: ${error instanceof Error ? error.message : String(error)}. The traffic imported before is unchanged.`,
      },
    });
  }
}

/** The pasted text as a file named "pasted text", "pasted text 2", … */
export function pastedSource(text: string): TrafficSource {
  pasteCount += 1;
  const name = pasteCount === 1 ? 'pasted text' : `pasted text ${pasteCount}`;
  return { name, file: new Blob([text], { type: 'text/plain' }) };
}

/** Stops the running import. */
export function cancelTrafficImport(): void {
  void theClient().cancel();
}

/** Derives the tab's figures again under `pricing` (a later call wins over an earlier one still running). */
export async function analyseTraffic(pricing: PricingTable): Promise<void> {
  const seq = ++analysisSeq;
  try {
    const analysis = await theClient().analyse(pricing);
    if (seq === analysisSeq) set({ analysis });
    if (seq === analysisSeq) await refreshCrossFigures(pricing, seq);
  } catch (error) {
    if (seq === analysisSeq) {
      set({
        notice: {
          kind: 'error',
          text: `The figures could not be worked out: ${error instanceof Error ? error.message : String(error)}.`,
        },
      });
    }
  }
}

/** Deletes the stored traffic. */
export async function forgetTraffic(): Promise<void> {
  await theClient().forget();
  analysisSeq += 1;
  forgetCrossFigures();
  set({
    meta: undefined,
    analysis: undefined,
    notice: { kind: 'done', text: 'Forgotten: the calls are deleted from this browser.' },
    version: useTrafficSession.getState().version + 1,
  });
}

// ---- Cross-tab figures: published for the gate, routing, budget tabs and the report ----

/** Works out the traffic's cross-tab figures under `pricing` and publishes them, unless a later analysis started. */
async function refreshCrossFigures(pricing: PricingTable, seq: number): Promise<void> {
  const figures = await theClient().crossFigures(pricing);
  if (seq === analysisSeq) publishCrossFigures(figures);
}

/**
 * Publishes the figures of the traffic kept in this browser from an earlier
 * visit, so the other tabs see it before the traffic tab is opened. Does
 * nothing when the traffic tab has already analysed it, or there is none.
 */
export async function publishStoredTraffic(): Promise<void> {
  await startTrafficSession();
  const { meta, analysis } = useTrafficSession.getState();
  if (meta === undefined || analysis !== undefined) return;
  const seq = analysisSeq;
  try {
    await refreshCrossFigures(tableFromRows(useAppStore.getState().prices.rows), seq);
  } catch {
    // The traffic tab says what went wrong when it is opened.
  }
}

/** A page of calls, by time. */
export function callRows(offset: number, limit: number) {
  return theClient().rows(offset, limit);
}

/** The client the session talks to (the replay asks the same worker, where the calls are). */
export function trafficClient(): TrafficClient {
  return theClient();
}

/** For tests: a fresh session (and a fresh in-thread service). */
export function resetTrafficSessionForTests(): void {
  client = undefined;
  started = undefined;
  analysisSeq = 0;
  pasteCount = 0;
  useTrafficSession.setState(INITIAL, true);
  forgetCrossFigures();
}
