/**
 * The import session of the "Your traffic" tab: a small store of its own,
 * outside the scenario (the calls never go into links, the URL or exported
 * scenarios). It holds the import's own state — its phase, progress, the
 * notice it ends with, the label — never the calls nor a figure: what is
 * stored and every figure of it are engine queries
 * (`engine/traces/traffic-queries.ts`), which an import or forgetting
 * replaces.
 */
import { create } from 'zustand';
import type { TrafficSource } from '../../engine/traces/read-file.ts';
import {
  loadStoredTraffic,
  resetTrafficQueriesForTests,
  setStoredTraffic,
  trafficClient,
} from '../../engine/traces/traffic-queries.ts';
import type { ImportOutcome, ImportProgress } from '../../engine/traces/traffic-types.ts';
import {
  announceTrafficChange,
  closeTrafficChannelForTests,
  onTrafficChange,
  type TrafficChange,
} from '../../engine/traces/traffic-channel.ts';
import { plural } from './plural.ts';

export interface TrafficNotice {
  readonly kind: 'error' | 'done' | 'cancelled';
  readonly text: string;
}

export interface TrafficSessionState {
  /** `starting` until the stored traffic has been looked for. */
  readonly phase: 'starting' | 'ready' | 'importing';
  readonly progress: ImportProgress | undefined;
  readonly notice: TrafficNotice | undefined;
  /** Whose traffic the next import is (a person or a machine), kept for the session; `''` for none. */
  readonly label: string;
}

const INITIAL: TrafficSessionState = {
  phase: 'starting',
  progress: undefined,
  notice: undefined,
  label: '',
};

export const useTrafficSession = create<TrafficSessionState>(() => INITIAL);

let started: Promise<void> | undefined;
let pasteCount = 0;
let unsubscribe: (() => void) | undefined;
// A change heard while this tab imports waits for the import's end (which merged with the store).
let heardWhileBusy: TrafficChange | undefined;

const set = (patch: Partial<TrafficSessionState>) => useTrafficSession.setState(patch);

/** Looks for stored traffic, once per page, and from then on hears the other tabs' changes. */
export function startTrafficSession(): Promise<void> {
  unsubscribe ??= onTrafficChange((change) => void hearChange(change));
  started ??= loadStoredTraffic().then(
    () => set({ phase: 'ready' }),
    () => set({ phase: 'ready' }),
  );
  return started;
}

/** Another tab changed the stored traffic: read it again, and say so (unless `quietly`, after an import that has its own notice). */
async function hearChange(change: TrafficChange, quietly = false): Promise<void> {
  if (useTrafficSession.getState().phase === 'importing') {
    heardWhileBusy = change;
    return;
  }
  let meta;
  try {
    meta = await (await trafficClient()).reload();
  } catch {
    meta = undefined;
  }
  setStoredTraffic(meta);
  if (quietly) return;
  set({
    notice: {
      kind: 'done',
      text:
        change.kind === 'forgotten' && meta === undefined
          ? 'Another tab forgot this traffic: its calls are deleted from this browser.'
          : `Another tab changed this traffic: ${plural(meta?.callCount ?? 0, 'call')} stored now.`,
    },
  });
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
  if (outcome.status === 'done' && outcome.notStored !== undefined) {
    return {
      kind: 'error',
      text:
        `Read ${plural(outcome.filesRead, 'file')}: ${plural(outcome.addedCalls, 'new call')}, ` +
        `but they could not be stored in this browser: ${outcome.notStored}. ` +
        'They are shown on this page only, and a reload will not have them; ' +
        'the traffic stored before is unchanged.',
    };
  }
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
    const outcome = await (
      await trafficClient()
    ).importFiles(labelled, (progress) => set({ progress }));
    // Only a finished import changes what is stored (a cancelled one kept nothing).
    if (outcome.status === 'done') setStoredTraffic(outcome.meta);
    if (outcome.status === 'done' && outcome.notStored === undefined)
      announceTrafficChange({ kind: 'imported' });
    set({ phase: 'ready', progress: undefined, notice: noticeOf(outcome, label) });
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
  // Another tab's change, heard meanwhile, may have come after this import's write.
  const heard = heardWhileBusy;
  heardWhileBusy = undefined;
  if (heard !== undefined) await hearChange(heard, true);
}

/** The pasted text as a file named "pasted text", "pasted text 2", … */
export function pastedSource(text: string): TrafficSource {
  pasteCount += 1;
  const name = pasteCount === 1 ? 'pasted text' : `pasted text ${pasteCount}`;
  return { name, file: new Blob([text], { type: 'text/plain' }) };
}

/** Stops the running import. */
export function cancelTrafficImport(): void {
  void trafficClient().then((c) => c.cancel());
}

/** Deletes the stored traffic, in this tab and every other. */
export async function forgetTraffic(): Promise<void> {
  const outcome = await (await trafficClient()).forget();
  setStoredTraffic(undefined);
  announceTrafficChange({ kind: 'forgotten' });
  set({
    notice: outcome.deleted
      ? { kind: 'done', text: 'Forgotten: the calls are deleted from this browser.' }
      : {
          kind: 'error',
          text:
            `This page no longer holds the calls, but the stored copy could not be deleted: ${outcome.reason}. ` +
            'Try Forget again, or clear this site’s data in the browser’s settings.',
        },
  });
}

/**
 * Looks for the traffic kept in this browser from an earlier visit, so the
 * other tabs' figures (engine queries) are worked out before the traffic
 * tab is opened.
 */
export async function publishStoredTraffic(): Promise<void> {
  await startTrafficSession();
}

/** A page of calls, by time. */
export function callRows(offset: number, limit: number) {
  return trafficClient().then((c) => c.rows(offset, limit));
}

/** For tests: a fresh session (and a fresh in-thread service). */
export function resetTrafficSessionForTests(): void {
  started = undefined;
  unsubscribe?.();
  unsubscribe = undefined;
  heardWhileBusy = undefined;
  closeTrafficChannelForTests();
  pasteCount = 0;
  useTrafficSession.setState(INITIAL, true);
  resetTrafficQueriesForTests();
}
