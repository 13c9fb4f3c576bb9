import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/index.ts';
import { baselineScenario, trySimulate } from '../../../src/domain/routing-runs.ts';
import { withIdleGap } from '../../../src/model/generate-turns.ts';
import { TotalsCard } from '../../../src/features/routing/TotalsCard.tsx';
import { SUPPORT_CHAT_ROUTING } from '../../../src/model/routing-presets.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import type * as FormatModule from '../../../src/ui/format.ts';

// Counts the card's renders by the amounts it formats.
vi.mock('../../../src/ui/format.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof FormatModule>();
  return { ...actual, formatUsd: vi.fn(actual.formatUsd) };
});

const scenario = SUPPORT_CHAT_ROUTING.scenario;
const withGap = (gap: number) => ({ ...scenario, turns: withIdleGap(scenario.turns, gap) });
const model = scenario.defaultModel.model;
const run = (gap: number) => trySimulate(withGap(gap), DEFAULT_PRICING);
const reference = (gap: number) =>
  trySimulate(baselineScenario(withGap(gap), model), DEFAULT_PRICING);

describe('TotalsCard', () => {
  it('renders again when a total changes, not when only the hops’ clocks move', () => {
    const a = run(100);
    const b = run(120);
    const c = run(900);
    // The premise: 100 s and 120 s gaps (both under the TTL) cost the same
    // with different clocks; 900 s costs more.
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (!a.ok || !b.ok || !c.ok) return;
    expect(b.result.totals).toEqual(a.result.totals);
    expect(b.result.hops.map((h) => h.at)).not.toEqual(a.result.hops.map((h) => h.at));
    expect(c.result.totals.totalUsd).not.toBe(a.result.totals.totalUsd);

    const formatted = vi.mocked(formatUsd);
    const card = (main: typeof a, gap: number) => (
      <TotalsCard main={main} reference={reference(gap)} defaultModel={model} />
    );
    const { rerender } = render(card(a, 100));
    const perRender = formatted.mock.calls.length;
    expect(perRender).toBeGreaterThan(0);
    rerender(card(b, 120));
    expect(formatted.mock.calls.length).toBe(perRender);
    rerender(card(c, 900));
    expect(formatted.mock.calls.length).toBe(2 * perRender);
    expect(screen.getByRole('status')).toHaveTextContent(formatUsd(c.result.totals.totalUsd));
  });
});
