/**
 * The persistence reducer's startup steps: restoring from the slots read at
 * startup and opening a decoded link. Each writes the step's next state and
 * effects (see reducer.ts); pure.
 */
import { chooseStartupSource } from '../persistence.ts';
import { splitReportHash } from './report-address.ts';
import type {
  PersistEffect,
  PersistEvent,
  PersistNotice,
  PersistState,
  PersistUndo,
  StartupSlots,
} from './types.ts';

/** A reducer step under way: the state being written and the effects asked for so far. */
export interface Step {
  readonly s: { -readonly [K in keyof PersistState]: PersistState[K] };
  readonly fx: PersistEffect[];
  readonly notify: (notice: PersistNotice, undo?: PersistUndo | null) => void;
}

/** Keeps an unreadable slot in the history; the shared save is held until it is kept. */
export function keepSlot(step: Step, raw: string, error: string, shared: boolean): void {
  if (shared) step.s.sharedSaveHeld = true;
  step.fx.push({ type: 'keepUnreadable', raw, error, shared });
}

/**
 * Startup from the slots read: a link from elsewhere first, else this tab's
 * own last state, else the shared save, else the defaults; an unreadable
 * slot is kept as it is.
 */
export function restoreSlots(step: Step, slots: StartupSlots): void {
  const { fx, notify } = step;
  const { pinned, saved, own } = slots;
  if (pinned?.parsed.ok) fx.push({ type: 'setPinned', data: pinned.parsed.data });
  else if (pinned && !pinned.parsed.ok) {
    keepSlot(step, pinned.raw, `pinned A: ${pinned.parsed.error}`, false);
  }
  const hash = splitReportHash(slots.address).scenarioHash;
  const savedData = saved?.parsed.ok ? saved.parsed.data : null;
  const ownData = own?.parsed.ok ? own.parsed.data : null;
  if (own && !own.parsed.ok) keepSlot(step, own.raw, own.parsed.error, false);
  if (saved && !saved.parsed.ok) keepSlot(step, saved.raw, saved.parsed.error, true);

  const source = chooseStartupSource(hash, slots.ownHashes, ownData !== null || savedData !== null);
  if (source === 'link') {
    fx.push({ type: 'decodeLink', hash, onStartup: true, previousWork: ownData ?? savedData });
    return;
  }
  const data = ownData ?? savedData;
  if (data !== null) {
    fx.push({ type: 'load', data, startup: true });
    // Another tab's newer work in the shared save stays one click away.
    if (ownData !== null && savedData !== null && saved?.raw !== own?.raw)
      fx.push({ type: 'keepInHistory', data: savedData });
  }
  // What a reload shows is a state reached, too.
  fx.push({ type: 'record', source: 'startup' });
  if (saved && !saved.parsed.ok && ownData === null) {
    notify({
      kind: 'error',
      text: `Your saved work could not be restored: ${saved.parsed.error}. It is kept as it was in History, where you can download it. Showing the defaults instead.`,
    });
  }
}

/** A link decoded: opened (the work it replaces kept in the history), or why not. */
export function openDecodedLink(
  step: Step,
  event: Extract<PersistEvent, { type: 'linkDecoded' }>,
): void {
  const { fx, notify } = step;
  const { parsed, onStartup, previous } = event;
  if (parsed.ok) {
    // Opening a link never replaces saved work: it stays in the history.
    if (previous !== null) fx.push({ type: 'keepInHistory', data: previous });
    fx.push({ type: 'load', data: parsed.data });
    fx.push({ type: 'record', source: 'link' });
    notify(
      {
        kind: 'info',
        text:
          previous === null
            ? 'Opened the scenario from the link.'
            : 'Opened the scenario from the link. Your previous work is kept in History.',
      },
      previous === null ? null : { label: 'Restore my previous work', data: previous },
    );
    return;
  }
  const kept = onStartup
    ? previous !== null
      ? 'Showing your last saved work instead.'
      : 'Showing the defaults instead.'
    : 'Your current work is kept.';
  if (onStartup && previous !== null) fx.push({ type: 'load', data: previous });
  notify({ kind: 'error', text: `This link could not be opened: ${parsed.error}. ${kept}` });
}
