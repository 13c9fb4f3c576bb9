import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import { resetTrafficSessionForTests } from '../../../src/features/traffic/traffic-session.ts';
import { useAppStore } from '../../../src/state/store.ts';

/**
 * A Claude Code transcript naming many distinct models (fine-tunes, say):
 * `ft:big` runs 5 calls, each `ft:acme-<i>` one.
 */
function manyModelsTrace(models: number): File {
  const line = (i: number, model: string) =>
    JSON.stringify({
      type: 'assistant',
      sessionId: 'many-0000-4000-8000-000000000001',
      timestamp: new Date(Date.UTC(2026, 4, 4, 10, 0, i)).toISOString(),
      requestId: `req_${i}`,
      message: {
        model,
        id: `msg_${i}`,
        role: 'assistant',
        usage: { input_tokens: 10, output_tokens: 20 },
      },
    });
  const lines = [0, 1, 2, 3, 4].map((i) => line(i, 'ft:big'));
  for (let i = 0; i < models; i++) lines.push(line(5 + i, `ft:acme-${i}`));
  return new File([lines.join('\n') + '\n'], 'many-models.jsonl');
}

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  cleanup();
  await new TrafficService().forget();
});

describe('a trace naming many models', () => {
  it('lists the models with the most calls, counts the rest, and finds any of them', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), [manyModelsTrace(60)]);
    const table = await screen.findByRole('table', { name: 'Models in the traffic' });
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(20);
    expect(within(bodyRows()[0]!).getByRole('rowheader')).toHaveTextContent('ft:big');
    expect(
      screen.getByText(
        'Showing the 20 models with the most calls of 61. The other 41 models (41 calls) are in every figure.',
      ),
    ).toBeInTheDocument();
    // Every unpriced model is in the count and the cost, 10 of them with a button at once.
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^61 models have no price row, so 65 calls .* left out of the cost .*: ft:big, ft:acme-0, .* and 51 others\.$/,
    );
    expect(screen.getAllByRole('button', { name: /^Add a price row for / })).toHaveLength(10);
    expect(
      screen.getByText(/^51 more models without a price row \(51 calls\)/),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Find a model' }), 'acme-5');
    await waitFor(() => expect(bodyRows()).toHaveLength(11));
    expect(bodyRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'ft:acme-5',
      ...Array.from({ length: 10 }, (_, i) => `ft:acme-${50 + i}`),
    ]);
    expect(
      screen.getByText(/^11 of 61 models match “acme-5”; showing 11\. The other 50 models/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Add a price row for ft:acme-58' }),
    ).toBeInTheDocument();
  });

  it("gives the replay's mapping a select for the busiest models, finds any other, and keeps a moved one", async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), [manyModelsTrace(60)]);
    await screen.findByRole('heading', { name: 'Replay under other choices' });
    const selects = () => screen.getAllByRole('combobox', { name: / runs on$/ });
    await waitFor(() => expect(selects()).toHaveLength(12));
    expect(selects()[0]).toHaveAccessibleName('ft:big runs on');
    expect(
      screen.getByText(
        'Showing the 12 models with the most calls of 61. The other 49 models (49 calls) stay on the model they ran on unless you find one and move it.',
      ),
    ).toBeInTheDocument();

    // The replay names the ten left-out models with the most calls and counts the others.
    expect(
      await screen.findByText(
        /^Left out of the replay \(no price row for the target\): ft:big \(5 calls\), ft:acme-0 \(1 call\), .* and 51 other models \(51 calls\)\.$/,
      ),
    ).toBeInTheDocument();
    const find = screen.getByRole('searchbox', { name: 'Find a model seen' });
    await user.type(find, 'acme-42');
    await waitFor(() => expect(selects()).toHaveLength(1));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'ft:acme-42 runs on' }),
      'claude-haiku-4-5',
    );
    expect(useAppStore.getState().traffic.replay.mapping).toEqual([
      { from: 'ft:acme-42', to: 'claude-haiku-4-5' },
    ]);
    await user.clear(find);
    // The 12 busiest, and the model moved wherever it stands.
    await waitFor(() => expect(selects()).toHaveLength(13));
    expect(screen.getByRole('combobox', { name: 'ft:acme-42 runs on' })).toHaveValue(
      'claude-haiku-4-5',
    );
  });
});
