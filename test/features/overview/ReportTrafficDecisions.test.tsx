import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import { resetTrafficQueriesForTests } from '../../../src/engine/traces/traffic-queries.ts';
import { overviewViewOf } from '../../../src/features/overview/overview-view.ts';
import { ReportTrafficDecisions } from '../../../src/features/overview/ReportTrafficDecisions.tsx';
import { resetTrafficSessionForTests } from '../../../src/features/traffic/traffic-session.ts';
import { formatMoney } from '../../../src/format/number-format.ts';
import { pricingTable } from '../../../src/state/selectors.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { textSource } from '../../engine/traces/fixture-sources.ts';
import { settled } from '../../helpers/settled.ts';

/** A day of calls on an expensive model in a project named after a secret. */
function calls(): string {
  return Array.from({ length: 12 }, (_, i) =>
    JSON.stringify({
      timestamp: new Date(Date.UTC(2026, 3, 3 + (i % 2), 12, i, 0)).toISOString(),
      conversation_id: `c${i % 3}`,
      response: {
        id: `msg_${i}`,
        type: 'message',
        model: 'claude-opus-4-1',
        usage: {
          input_tokens: 300 + i,
          cache_creation_input_tokens: 2_000,
          cache_read_input_tokens: 10_000 + 100 * i,
          output_tokens: 500,
        },
      },
    }),
  ).join('\n');
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

describe("the report's opening on the traffic", () => {
  it('is absent without traffic', async () => {
    const { container } = render(<ReportTrafficDecisions />);
    await settled();
    expect(container).toBeEmptyDOMElement();
  });

  it('prints the bill and the Overview’s decisions, as the Overview words them', async () => {
    const s = service();
    await s.importFiles([textSource('calls.jsonl', calls())]);
    const pricing = pricingTable.get();
    const analysis = (await s.analyse(pricing))!;
    const view = overviewViewOf(
      analysis,
      await s.crossFigures(pricing),
      await s.searchReplays(pricing, { kind: 'all' }),
    );

    render(<ReportTrafficDecisions />);
    const section = await screen.findByRole('region', { name: 'Your traffic' });
    expect(
      (await within(section).findAllByText(formatMoney(view.bill.totalUsd))).length,
    ).toBeGreaterThan(0);
    const table = await within(section).findByRole('table', { name: /^Decisions on this traffic/ });
    const row = (question: string) =>
      within(table).getByRole('rowheader', { name: question }).closest('tr')!;
    const models = view.decisions.find((d) => d.id === 'models')!;
    await within(table).findByRole('rowheader', { name: 'Which models?' });
    expect(row('Which models?')).toHaveTextContent(models.sentence);
    expect(row('Which models?')).toHaveTextContent(`${models.comparedWith}; ${models.billPart}`);
    expect(row('Which models?')).toHaveTextContent('Exact on this traffic');
    expect(row('How long to keep the prompt cache?')).toBeInTheDocument();
    // A report is printed: no buttons to other tabs.
    expect(within(section).queryByRole('button')).toBeNull();
    await settled();
  });
});
