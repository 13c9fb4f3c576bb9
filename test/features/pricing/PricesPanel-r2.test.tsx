/**
 * The Prices tab, revision 2 (SPEC §1.1): the minimum cacheable
 * prompt and the long-context tier per row, the import's report by reason
 * with "import every priced entry", and a table of thousands of rows.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RENDER_ALL_UP_TO } from '../../../src/features/pricing/PriceTable.tsx';
import PricesPanel from '../../../src/features/pricing/PricesPanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';

/** The import's status (the price book below has statuses of its own). */
async function importStatus(): Promise<HTMLElement> {
  const text = await screen.findByText(/^Imported \d+ models?/, { selector: 'p' });
  return text.closest<HTMLElement>('[role="status"]')!;
}

const rowOf = (model: string) => useAppStore.getState().prices.rows.find((r) => r.model === model);

const litellmFile = (entries: Record<string, unknown>, name = 'model_prices.json') =>
  new File([JSON.stringify(entries)], name, { type: 'application/json' });

/** A LiteLLM file: two chat models, an embedding model, a free model and an image model. */
const MIXED = {
  sample_spec: { input_cost_per_token: 0, output_cost_per_token: 0 },
  'chat-a': {
    input_cost_per_token: 1e-6,
    output_cost_per_token: 2e-6,
    mode: 'chat',
    litellm_provider: 'acme',
    prompt_cache_min_tokens: 2048,
    input_cost_per_token_above_200k_tokens: 2e-6,
    output_cost_per_token_above_200k_tokens: 4e-6,
  },
  'chat-b': { input_cost_per_token: 3e-6, output_cost_per_token: 1.5e-5, mode: 'responses' },
  'embed-1': { input_cost_per_token: 1e-7, output_cost_per_token: 0, mode: 'embedding' },
  'embed-2': { input_cost_per_token: 2e-8, output_cost_per_token: 0, mode: 'embedding' },
  'free-chat': { input_cost_per_token: 0, output_cost_per_token: 0, mode: 'chat' },
  'image-only': { output_cost_per_image: 0.04, mode: 'image_generation' },
};

describe('PricesPanel: billing details of a row (SPEC §1.1)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('shows each row’s minimum cacheable prompt and long-context threshold', () => {
    render(<PricesPanel />);
    expect(screen.getByLabelText('Minimum cacheable prompt of claude-haiku-4-5')).toHaveValue(
      '4096',
    );
    expect(screen.getByLabelText('Minimum cacheable prompt of gpt-5')).toHaveValue('1024');
    const sonnet = screen.getByLabelText('Model name of claude-sonnet-4-5').closest('tr')!;
    expect(within(sonnet).getByText('> 200,000')).toBeInTheDocument();
    const haiku = screen.getByLabelText('Model name of claude-haiku-4-5').closest('tr')!;
    expect(within(haiku).getByText('none')).toBeInTheDocument();
  });

  it('edits the minimum cacheable prompt, and refuses a fractional one naming the field', () => {
    render(<PricesPanel />);
    const field = screen.getByLabelText('Minimum cacheable prompt of gpt-5');
    fireEvent.change(field, { target: { value: '2048' } });
    expect(rowOf('gpt-5')?.minCacheableTokens).toBe(2048);
    fireEvent.change(field, { target: { value: '10.5' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Minimum cacheable prompt of gpt-5: "10.5" is not a whole number of 0 or more tokens',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(rowOf('gpt-5')?.minCacheableTokens).toBe(2048);
    fireEvent.change(field, { target: { value: '' } });
    expect(rowOf('gpt-5')?.minCacheableTokens).toBeUndefined();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the long-context tier from the keyboard and edits its prices', async () => {
    render(<PricesPanel />);
    const toggle = screen.getByRole('button', {
      name: 'Edit long-context tier of claude-sonnet-4-5',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      screen.getByLabelText('Long-context threshold of claude-sonnet-4-5'),
    );
    expect(screen.getByLabelText('Long-context threshold of claude-sonnet-4-5')).toHaveValue(
      '200000',
    );
    const output = screen.getByLabelText('Long-context output price of claude-sonnet-4-5');
    expect(output).toHaveValue('22.5');
    fireEvent.change(output, { target: { value: '30' } });
    expect(rowOf('claude-sonnet-4-5')?.longContext?.output).toBe(30);
    fireEvent.change(output, { target: { value: '' } });
    expect(rowOf('claude-sonnet-4-5')?.longContext).not.toHaveProperty('output');
    fireEvent.change(screen.getByLabelText('Long-context threshold of claude-sonnet-4-5'), {
      target: { value: '128,000' },
    });
    expect(rowOf('claude-sonnet-4-5')?.longContext?.thresholdTokens).toBe(128_000);
  });

  it('refuses a tier without an input price, naming the field, and keeps the last valid value', () => {
    render(<PricesPanel />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Edit long-context tier of gemini-2.5-pro' }),
    );
    fireEvent.change(screen.getByLabelText('Long-context input price of gemini-2.5-pro'), {
      target: { value: '' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Long-context input price of gemini-2.5-pro: is required',
    );
    expect(rowOf('gemini-2.5-pro')?.longContext?.input).toBe(2.5);
  });

  it('adds a tier to a row without one, and removes it', async () => {
    render(<PricesPanel />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Edit long-context tier of gpt-4.1' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Add a long-context tier to gpt-4.1' }),
    );
    expect(rowOf('gpt-4.1')?.longContext).toEqual({ thresholdTokens: 200_000, input: 2 });
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove the long-context tier of gpt-4.1' }),
    );
    expect(rowOf('gpt-4.1')?.longContext).toBeUndefined();
  });

  it('adds a model with a minimum cacheable prompt', async () => {
    render(<PricesPanel />);
    await userEvent.type(screen.getByLabelText('Model name'), 'house-model');
    await userEvent.type(screen.getByLabelText('Input price'), '1');
    await userEvent.type(screen.getByLabelText('Output price'), '2');
    await userEvent.type(
      screen.getByLabelText('Minimum cacheable prompt, tokens (optional)'),
      '2048',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    expect(rowOf('house-model')).toMatchObject({ input: 1, output: 2, minCacheableTokens: 2048 });
  });
});

describe('PricesPanel: the LiteLLM import report (SPEC §1.1, §12)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('says what it skipped and why, and imports the revision-2 fields', async () => {
    render(<PricesPanel />);
    await userEvent.upload(screen.getByLabelText('Import LiteLLM price file'), litellmFile(MIXED));
    const status = await importStatus();
    expect(status).toHaveTextContent('Imported 2 models from model_prices.json; skipped 5.');
    const reasons = within(status).getByRole('list', { name: 'Skipped entries by reason' });
    const items = within(reasons)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'mode: embedding × 2 (e.g. embed-1, embed-2)',
      'no input or output price × 1 (e.g. image-only)',
      'priced at 0 × 1 (e.g. free-chat)',
      'sample_spec × 1 (e.g. sample_spec)',
    ]);
    expect(within(status).getByText('priced at 0 × 1')).toBeInTheDocument();
    expect(status).toHaveTextContent('Import every priced entry');
    expect(rowOf('chat-a')).toMatchObject({
      provider: 'acme',
      minCacheableTokens: 2048,
      longContext: { thresholdTokens: 200_000, input: 2, output: 4 },
    });
    expect(rowOf('embed-1')).toBeUndefined();
  });

  it('imports every priced entry when asked', async () => {
    render(<PricesPanel />);
    await userEvent.click(screen.getByLabelText('Import every priced entry'));
    await userEvent.upload(screen.getByLabelText('Import LiteLLM price file'), litellmFile(MIXED));
    const status = await importStatus();
    expect(status).toHaveTextContent('Imported 5 models from model_prices.json; skipped 2.');
    expect(rowOf('embed-1')).toMatchObject({ input: 0.1, output: 0 });
    expect(rowOf('free-chat')).toMatchObject({ input: 0, output: 0 });
  });

  it('refuses a file from which nothing can be imported, saying why, and keeps the table', async () => {
    render(<PricesPanel />);
    const before = useAppStore.getState().prices.rows;
    await userEvent.upload(
      screen.getByLabelText('Import LiteLLM price file'),
      litellmFile({ 'embed-1': MIXED['embed-1'] }, 'embeddings.json'),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'embeddings.json: price file: no model could be imported (1 entries skipped: mode: embedding × 1). The table is unchanged.',
      ),
    );
    expect(useAppStore.getState().prices.rows).toBe(before);
  });
});

describe('PricesPanel: a table of thousands of rows', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('renders only a screenful of 2,200 imported rows, and the filter reaches any of them', async () => {
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < 2_200; i++) {
      entries[`bulk-model-${String(i).padStart(4, '0')}`] = {
        input_cost_per_token: (i + 1) * 1e-8,
        output_cost_per_token: 2e-6,
        mode: 'chat',
      };
    }
    render(<PricesPanel />);
    await userEvent.upload(
      screen.getByLabelText('Import LiteLLM price file'),
      litellmFile(entries),
    );
    await screen.findByText(/Imported 2,200 models/);
    expect(screen.getByText('2,212 models')).toBeInTheDocument();
    const rendered = screen.getAllByRole('button', { name: /^Remove / }).length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.queryByLabelText('Model name of bulk-model-2199')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Filter models/), 'bulk-model-2199');
    await waitFor(() =>
      expect(screen.getByLabelText('Input price of bulk-model-2199')).toHaveValue('22'),
    );
    expect(screen.getByText('1 of 2,212 models')).toBeInTheDocument();
  });

  it('renders every row of a small table', () => {
    render(<PricesPanel />);
    expect(RENDER_ALL_UP_TO).toBeGreaterThanOrEqual(12);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(12);
  });
});
