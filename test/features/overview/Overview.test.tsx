import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import { resetTrafficQueriesForTests } from '../../../src/engine/traces/traffic-queries.ts';
import OverviewPanel from '../../../src/features/overview/OverviewPanel.tsx';
import { overviewViewOf } from '../../../src/features/overview/overview-view.ts';
import { resetTrafficSessionForTests } from '../../../src/features/traffic/traffic-session.ts';
import { formatMoney } from '../../../src/format/number-format.ts';
import { pricingTable } from '../../../src/state/selectors.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { textSource } from '../../engine/traces/fixture-sources.ts';
import { settled } from '../../helpers/settled.ts';

/** Two days of calls on an expensive model, with cache reads and writes. */
function calls(
  extra: (i: number) => Record<string, unknown> = () => ({}),
  model = (_i: number) => 'claude-opus-4-1',
): string {
  const lines: string[] = [];
  for (let i = 0; i < 24; i++) {
    lines.push(
      JSON.stringify({
        timestamp: new Date(Date.UTC(2026, 3, 3 + (i % 2), 12, i, 0)).toISOString(),
        conversation_id: `c${i % 3}`,
        response: {
          id: `msg_${i}`,
          type: 'message',
          model: model(i),
          usage: {
            input_tokens: 200 + i,
            cache_creation_input_tokens: 3_000,
            cache_read_input_tokens: 20_000 + 100 * i,
            output_tokens: 400,
            ...extra(i),
          },
        },
      }),
    );
  }
  return lines.join('\n');
}

const service = () => new TrafficService({ priceBook: () => Promise.resolve(undefined) });

beforeEach(() => {
  resetTrafficSessionForTests();
  resetTrafficQueriesForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  cleanup();
  await service().forget();
});

describe('the Overview', () => {
  it('offers the two ways in when no traffic is kept here', async () => {
    render(<OverviewPanel />);
    // Where an earlier file in this worker left a database, the panel swaps its welcome
    // for the traffic view's own once it has looked: a click on the first can be lost.
    await waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Import your traffic' }));
      expect(useAppStore.getState().ui.tab).toBe('traffic');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Routing turns to cheaper models' }));
    expect(useAppStore.getState().ui.tab).toBe('routing');
  });

  it('shows the bill and the decisions the worker worked out, each against the bill', async () => {
    const s = service();
    await s.importFiles([textSource('calls.jsonl', calls())]);
    const pricing = pricingTable.get();
    // What the worker answers, worked into the Overview's view independently of the page.
    const analysis = (await s.analyse(pricing))!;
    const cross = await s.crossFigures(pricing);
    const search = await s.searchReplays(pricing, { kind: 'all' });
    const view = overviewViewOf(analysis, cross, search);
    expect(view.bill.totalUsd).toBeGreaterThan(0);
    // The bill's parts add up to the bill.
    const parts = view.bill.parts.reduce((sum, p) => sum + p.usd, 0);
    expect(parts).toBeCloseTo(view.bill.totalUsd, 9);
    // Two calendar days: the 30-day figure is 15 times the bill.
    expect(view.bill.per30DaysUsd).toBeCloseTo(
      view.bill.totalUsd * (30 / cross!.rates.spanDays),
      9,
    );

    render(<OverviewPanel />);
    const bill = await screen.findByRole('region', { name: 'Your bill' });
    expect(
      within(bill).getAllByText(formatMoney(analysis.billed.totals.totalUsd)).length,
    ).toBeGreaterThan(0);
    expect(within(bill).getByText(formatMoney(view.bill.per30DaysUsd))).toBeInTheDocument();
    expect(within(bill).getByText('claude-opus-4-1')).toBeInTheDocument();

    const decisions = await screen.findByRole('region', { name: 'Decisions' });
    const models = await within(decisions).findByRole('listitem', { name: 'Which models?' });
    const best = search!.ranked[0]!;
    // An opus-4-1 bill has a cheaper same-provider move; the sentence states it against the bill.
    expect(best.totalUsd).toBeLessThan(search!.asBilledUsd);
    expect(models).toHaveTextContent(formatMoney(best.totalUsd));
    expect(models).toHaveTextContent(`instead of ${formatMoney(search!.asBilledUsd)}`);
    expect(models).toHaveTextContent('Exact on this traffic');
    expect(best.choiceText).not.toMatch(/gpt/);

    await userEvent.click(within(models).getByRole('button', { name: /See this replay/ }));
    expect(useAppStore.getState().ui.tab).toBe('traffic');
    expect(useAppStore.getState().traffic.replay.mapping.length).toBeGreaterThan(0);
    await settled();
  });

  it("lists the part of the bill each tab's monthly figures model, each within the bill", async () => {
    const s = service();
    await s.importFiles([textSource('calls.jsonl', calls())]);
    const cross = (await s.crossFigures(pricingTable.get()))!;
    render(<OverviewPanel />);
    const parts = await screen.findByRole('region', { name: 'What each tab models' });
    const budget = await within(parts).findByText(/^Prompt budget$/);
    const line = budget.closest('li')!;
    // The prompts' part as the worker billed it, per 30 days at the traffic's rate.
    expect(line).toHaveTextContent(formatMoney(cross.rates.promptsUsdPerDay * 30));
    expect(cross.rates.promptsUsdPerDay).toBeLessThan(cross.rates.asBilledUsdPerDay);
    // Routing's default model is not in this traffic: its part is nothing, said as such.
    const routing = within(parts)
      .getByText(/^Model routing$/)
      .closest('li')!;
    expect(routing).toHaveTextContent('$0.00 per 30 days, 0% of the bill');
    await userEvent.click(within(parts).getByRole('button', { name: 'Prompt budget' }));
    expect(useAppStore.getState().ui.tab).toBe('budget');
    await settled();
  });

  it('compares a replay with the bill itself, fees included, and says which calls are out', async () => {
    const s = service();
    // Every third call searches the web twice; two calls run on a model with no price row.
    const text = calls(
      (i) => (i % 3 === 0 ? { server_tool_use: { web_search_requests: 2 } } : {}),
      (i) => (i < 2 ? 'acme-secret-model' : 'claude-opus-4-1'),
    );
    await s.importFiles([textSource('calls.jsonl', text)]);
    const pricing = pricingTable.get();
    const analysis = (await s.analyse(pricing))!;
    const cross = await s.crossFigures(pricing);
    const search = (await s.searchReplays(pricing, { kind: 'all' }))!;
    const { bill, decisions } = overviewViewOf(analysis, cross, search);
    expect(analysis.billed.totals.toolFeesUsd).toBeGreaterThan(0);
    expect(bill.unpricedCalls).toBe(2);
    // The replays start from the bill the Overview shows, its server-tool fees included.
    expect(search.asBilledUsd).toBeCloseTo(bill.totalUsd, 9);
    // Replayed with nothing changed, the fees are there too: the cheapest move saves tokens only.
    const replay = await s.replay(pricing, {
      scope: { kind: 'all' },
      choice: { model: { kind: 'map', mapping: [] }, ttlSeconds: null },
    });
    expect(replay!.replay.toolFeesUsd).toBeCloseTo(analysis.billed.totals.toolFeesUsd, 9);
    expect(replay!.asBilled.toolFeesUsd).toBeCloseTo(analysis.billed.totals.toolFeesUsd, 9);
    expect(search.pricedCalls).toBe(22);
    for (const decision of decisions.filter((d) => d.id !== 'gate')) {
      expect(decision.comparedWith).toBe(`the bill as it was (${formatMoney(bill.totalUsd)})`);
    }
    expect(decisions.find((d) => d.id === 'models')!.billPart).toBe(
      'every priced call, tokens and server-tool fees: 22 calls; the 2 calls without a price row are not in it',
    );
  });
});
