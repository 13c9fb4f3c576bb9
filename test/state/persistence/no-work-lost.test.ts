/**
 * No work is lost, whatever a user does: any seeded sequence of edits,
 * reloads, saves from a newer version, restores from the history, links
 * pasted into the address bar, other tabs' edits and full storage, run
 * through the persistence reducer in a simulated browser (world.ts), keeps
 * every state that was ever shown one click away in the history, keeps every
 * save that cannot be read, and shows after each reload what the tab showed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryBounds } from '../../../src/state/history/model.ts';
import { linkFor, World, withOutput, type Page } from './world.ts';

type Step =
  | { kind: 'edit'; tokens: number; quiet: boolean }
  | { kind: 'reload' }
  | { kind: 'refused'; text: string }
  | { kind: 'restore'; pick: number }
  | { kind: 'otherTab'; tokens: number }
  | { kind: 'link'; tokens: number }
  | { kind: 'storageFull'; full: boolean };

const tokens = fc.integer({ min: 0, max: 50 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), tokens, quiet: fc.boolean() }),
  fc.record({ kind: fc.constant('reload' as const) }),
  fc.record({ kind: fc.constant('refused' as const), text: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('otherTab' as const), tokens }),
  fc.record({ kind: fc.constant('link' as const), tokens }),
  fc.record({ kind: fc.constant('storageFull' as const), full: fc.boolean() }),
);

const outputOf = (json: string): number => JSON.parse(json).gate.outputTokens;

describe('persistence, any sequence of edits, reloads, refused saves, restores and links', () => {
  it('loses no state that was ever shown, within its bounds', () => {
    const bounds: HistoryBounds = { maxEntries: 200, maxChars: 1e12, maxKept: 200 };
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const world = new World(bounds);
        let page: Page = world.open('tab1');
        let other: Page | null = null;
        world.settle();
        // A first visit's defaults are not work (Reset to defaults brings them
        // back): nothing is saved or recorded until the first change. A page
        // that restored something shows a state reached, too.
        const everShown = new Set<number>();
        let ownWork = false;
        const reached = () => ownWork || page.state.restoreOnStart;
        const kept = new Set<string>();
        for (const s of steps) {
          switch (s.kind) {
            case 'edit':
              page.edit(withOutput(s.tokens));
              ownWork = true;
              // A state counts as reached once the page has been quiet with it.
              if (!s.quiet) continue;
              break;
            case 'reload': {
              const before = page.shown.gate.outputTokens;
              page = page.reload();
              world.settle();
              // A reload shows what the tab showed, even right after a change.
              if (ownWork) expect(page.shown.gate.outputTokens).toBe(before);
              break;
            }
            case 'refused': {
              // A newer version of the app wrote the shared save while this tab
              // was quiet; this tab reloads.
              world.settle();
              const text = JSON.stringify({ v: 2, note: s.text });
              world.overwriteShared(text);
              kept.add(text);
              page = page.reload();
              break;
            }
            case 'restore': {
              world.settle();
              // History's Restore: the state it replaces is recorded first.
              const readable = world.history.filter((e) => e.status === 'ok');
              if (readable.length === 0) continue;
              page.restoreEntry(readable[s.pick % readable.length]!);
              break;
            }
            case 'otherTab':
              other ??= world.open('tab2');
              world.settle();
              other.edit(withOutput(s.tokens));
              world.settle();
              everShown.add(s.tokens);
              // This tab hears it when the other tab's shared save was written.
              if (!world.local.full)
                expect(page.tabNote).toMatch(/^Another tab changed the shared save/);
              break;
            case 'link':
              page.paste(linkFor(withOutput(s.tokens)));
              break;
            case 'storageFull':
              world.local.full = s.full;
              break;
          }
          world.settle();
          ownWork ||= s.kind === 'edit' || s.kind === 'restore' || s.kind === 'link';
          if (reached()) everShown.add(page.shown.gate.outputTokens);
          // A save that cannot be read is never overwritten before the history holds it.
          expect(world.lost).toEqual([]);
          // Every state ever shown is still one click away.
          const inStore = new Set(
            world.history.filter((e) => e.status === 'ok').map((e) => outputOf(e.json)),
          );
          for (const t of everShown) expect(inStore.has(t)).toBe(true);
          for (const text of kept) {
            expect(world.history.some((e) => e.status === 'kept' && e.json === text)).toBe(true);
          }
          // Newest first, each state once.
          const times = world.history.map((e) => e.time);
          expect(times).toEqual([...times].sort((a, b) => b - a));
          const keys = world.history.map((e) => `${e.status}:${e.digest}`);
          expect(new Set(keys).size).toBe(keys.length);
          // Full storage is said once a page, never silently.
          const alerts = page.notices.filter((n) => /cannot be saved in this browser/.test(n.text));
          expect(alerts.length).toBeLessThanOrEqual(1);
        }
        // The state this tab shows last is its newest in the history (an equal
        // state another tab reached later counts: each state is kept once).
        world.settle();
        const shown = page.shown.gate.outputTokens;
        const newest = world.history.find(
          (e) => e.status === 'ok' && (e.tab === page.tab || outputOf(e.json) === shown),
        );
        if (reached()) expect(newest && outputOf(newest.json)).toBe(shown);
      }),
      { seed: 1313, numRuns: 150 },
    );
  });
});
