import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import PricesPanel from '../../../src/features/pricing/PricesPanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';

/** The import's status (the price book below has statuses of its own). */
async function importStatus(): Promise<HTMLElement> {
  const text = await screen.findByText(/^Imported \d+ models?/, { selector: 'p' });
  return text.closest<HTMLElement>('[role="status"]')!;
}

const fixture = readFileSync(resolve(process.cwd(), 'test/fixtures/litellm-sample.json'), 'utf8');

const rowOf = (model: string) => useAppStore.getState().prices.rows.find((r) => r.model === model);

describe('PricesPanel', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('shows the default rows with their source and date', () => {
    render(<PricesPanel />);
    expect(
      screen.getByText(/Anthropic pricing page and the LiteLLM model price table, late 2026/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Input price of claude-opus-4-6')).toHaveValue('5');
    expect(screen.getByText('12 models')).toBeInTheDocument();
  });

  it('edits a price in place and refuses a negative one, keeping the last valid value', () => {
    render(<PricesPanel />);
    const input = screen.getByLabelText('Input price of claude-opus-4-6');
    fireEvent.change(input, { target: { value: '7.5' } });
    expect(rowOf('claude-opus-4-6')?.input).toBe(7.5);
    fireEvent.change(input, { target: { value: '-1' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Input price of claude-opus-4-6');
    expect(rowOf('claude-opus-4-6')?.input).toBe(7.5);
  });

  it('clears an optional cache price to mean "priced as input"', () => {
    render(<PricesPanel />);
    fireEvent.change(screen.getByLabelText('Cache read price of gpt-5'), { target: { value: '' } });
    expect(rowOf('gpt-5')?.cacheRead).toBeUndefined();
  });

  it('adds and removes a model, refusing a duplicate name', async () => {
    render(<PricesPanel />);
    await userEvent.type(screen.getByLabelText('Model name'), 'my-model');
    await userEvent.type(screen.getByLabelText('Input price'), '1');
    await userEvent.type(screen.getByLabelText('Output price'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    expect(rowOf('my-model')).toMatchObject({ input: 1, output: 2 });
    await userEvent.type(screen.getByLabelText('Model name'), 'gpt-5');
    await userEvent.type(screen.getByLabelText('Input price'), '1');
    await userEvent.type(screen.getByLabelText('Output price'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    expect(screen.getByRole('alert')).toHaveTextContent('"gpt-5" is already in the table');
    await userEvent.click(screen.getByRole('button', { name: 'Remove my-model' }));
    expect(rowOf('my-model')).toBeUndefined();
  });

  it('imports a LiteLLM file with a report and merges rows', async () => {
    render(<PricesPanel />);
    const file = new File([fixture], 'model_prices_and_context_window.json', {
      type: 'application/json',
    });
    await userEvent.upload(screen.getByLabelText('Import LiteLLM price file'), file);
    const status = await importStatus();
    expect(status).toHaveTextContent('Imported 2 models');
    expect(status).toHaveTextContent('skipped 3');
    expect(rowOf('claude-opus-4-6')).toMatchObject({
      input: 4,
      output: 20,
      cacheWrite: 5,
      cacheWrite1h: 8,
      cacheRead: 0.4,
    });
    expect(rowOf('mistral/mistral-large-latest')).toMatchObject({
      provider: 'mistral',
      input: 2,
      output: 6,
    });
    expect(rowOf('gpt-5')).toMatchObject({ input: 1.25 });
  });

  it('keeps the table when the file is malformed', async () => {
    render(<PricesPanel />);
    const before = useAppStore.getState().prices.rows;
    await userEvent.upload(
      screen.getByLabelText('Import LiteLLM price file'),
      new File(['{ not json'], 'broken.json'),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'broken.json: price file: not valid JSON',
      ),
    );
    expect(useAppStore.getState().prices.rows).toBe(before);
  });

  it('resets to the defaults', () => {
    render(<PricesPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove gpt-5' }));
    expect(rowOf('gpt-5')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Reset prices to defaults' }));
    expect(rowOf('gpt-5')).toBeDefined();
  });
});
