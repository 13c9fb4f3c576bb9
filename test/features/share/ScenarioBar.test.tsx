import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING, evaluateOffloadGate } from '../../../src/core/index.ts';
import { headlineFigures } from '../../../src/domain/headline-figures.ts';
import { describeStrategy } from '../../../src/features/share/ReportView.tsx';
import { PRICE_BOOK_DATE, PRICE_BOOK_VERSION } from '../../../src/domain/price-book-meta.ts';
import { ScenarioBar } from '../../../src/features/share/ScenarioBar.tsx';
import { CompareSlot } from '../../../src/features/share/CompareSlot.tsx';
import { decodeScenarioHash, scenarioToJson } from '../../../src/state/persistence.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { Probe, resetEverything } from './helpers.tsx';
import { captureDownloads } from '../../helpers/downloads.ts';

function renderBar() {
  const user = userEvent.setup();
  render(
    <>
      <ScenarioBar />
      <Probe />
    </>,
  );
  return user;
}

const shown = () => screen.getByTestId('output-tokens').textContent;

beforeEach(() => resetEverything());
afterEach(() => vi.unstubAllGlobals());

describe('Reset and undo', () => {
  it('resets to defaults in one click and can undo it', async () => {
    const user = renderBar();
    act(() => useAppStore.getState().setGate({ outputTokens: 123 }));
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(shown()).toBe('40000');
    expect(screen.getByTestId('scenario-status')).toHaveTextContent('Reset to defaults.');
    await user.click(screen.getByRole('button', { name: 'Undo reset' }));
    expect(shown()).toBe('123');
  });

  it('keeps the theme on reset', async () => {
    const user = renderBar();
    act(() => useAppStore.getState().setTheme('dark'));
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(useAppStore.getState().ui.theme).toBe('dark');
  });
});

describe('Presets', () => {
  it('loads a preset and switches to its tab', async () => {
    const user = renderBar();
    await user.selectOptions(screen.getByLabelText('Scenario presets'), 'Hop-aware thinking');
    expect(screen.getByTestId('tab')).toHaveTextContent('routing');
    expect(screen.getByTestId('strategy')).toHaveTextContent('hopAware');
    expect(screen.getByTestId('scenario-status')).toHaveTextContent(
      'Loaded the preset “Hop-aware thinking”.',
    );
  });

  it('lists every preset', () => {
    renderBar();
    const options = within(screen.getByLabelText('Scenario presets')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining([
        'Gate worked example A (40k tokens, 6 turns, opus-4-6)',
        'Size-only offload that lost money',
        'Typical prompt budget',
      ]),
    );
  });
});

describe('Share link', () => {
  it('copies a link that reproduces the scenario', async () => {
    const user = renderBar();
    act(() => useAppStore.getState().setGate({ outputTokens: 8_642 }));
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() =>
      expect(screen.getByTestId('scenario-status')).toHaveTextContent('Link copied'),
    );
    const link = await navigator.clipboard.readText();
    expect(link.startsWith(`${window.location.origin}/#s=`)).toBe(true);
    const decoded = await decodeScenarioHash(link.slice(link.indexOf('#')));
    expect(decoded.ok && decoded.data.gate.outputTokens).toBe(8_642);
  });

  it('says when a link is long enough for some apps to cut, and why', async () => {
    const user = renderBar();
    const base = useAppStore.getState().prices.rows[0]!;
    act(() => {
      for (let i = 0; i < 200; i++) {
        useAppStore
          .getState()
          .addPriceRow({ ...base, model: `imported-model-${i}`, input: base.input + i / 1e9 });
      }
    });
    const rows = useAppStore.getState().prices.rows.length;
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() =>
      expect(screen.getByTestId('scenario-status')).toHaveTextContent('Link copied'),
    );
    const link = await navigator.clipboard.readText();
    expect(link.length).toBeGreaterThan(2_000);
    expect(screen.getByTestId('scenario-status')).toHaveTextContent(
      `It is ${link.length.toLocaleString('en-US')} characters long because it carries the whole scenario, its ${rows} price rows included`,
    );
  });

  it('says nothing more of a short link', async () => {
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() =>
      expect(screen.getByTestId('scenario-status')).toHaveTextContent('Link copied'),
    );
    expect((await navigator.clipboard.readText()).length).toBeLessThanOrEqual(2_000);
    expect(screen.getByTestId('scenario-status')).not.toHaveTextContent('characters long');
  });

  it('shows the link in a field when the clipboard is unavailable', async () => {
    const user = renderBar();
    // After userEvent.setup(), which installs a clipboard of its own.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    const field = await screen.findByRole('textbox', { name: 'Link to this scenario' });
    expect((field as HTMLInputElement).value).toMatch(/#s=[A-Za-z0-9_-]+$/);
  });
});

describe('Import / export', () => {
  async function openPanel() {
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Import / export' }));
    await screen.findByRole('group', { name: 'Import and export' });
    return user;
  }

  it('opens from the keyboard and closes with Escape', async () => {
    const user = renderBar();
    const toggle = screen.getByRole('button', { name: 'Import / export' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Export JSON file' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Import and export' })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('loads pasted JSON, filling the rest from the defaults', async () => {
    const user = await openPanel();
    await user.click(screen.getByLabelText('Paste scenario JSON'));
    await user.paste('{"v": 1, "gate": {"outputTokens": 25000}}');
    await user.click(screen.getByRole('button', { name: 'Load pasted scenario' }));
    expect(shown()).toBe('25000');
    expect(screen.getByTestId('scenario-status')).toHaveTextContent(
      'Loaded the scenario from the pasted text.',
    );
  });

  it('refuses malformed JSON naming the field and keeps the work', async () => {
    const user = await openPanel();
    act(() => useAppStore.getState().setGate({ outputTokens: 999 }));
    await user.click(screen.getByLabelText('Paste scenario JSON'));
    await user.paste('{"v": 1, "gate": {"horizon": -3}}');
    await user.click(screen.getByRole('button', { name: 'Load pasted scenario' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The pasted text could not be loaded: gate.horizon: must be 0 or more turns. Your current work is kept.',
    );
    expect(shown()).toBe('999');
  });

  it('imports a scenario file', async () => {
    const user = await openPanel();
    const data = { ...DEFAULT_SCENARIO, gate: { ...DEFAULT_SCENARIO.gate, outputTokens: 6_000 } };
    const file = new File([scenarioToJson(data)], 'review.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import scenario file'), file);
    await waitFor(() => expect(shown()).toBe('6000'));
  });

  it('refuses a file from a newer version', async () => {
    const user = await openPanel();
    const file = new File(['{"v": 7}'], 'future.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import scenario file'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file “future.json” could not be loaded: v: this scenario is from a newer version of the explorer (v7)',
    );
  });

  it('refuses a file over the size cap', async () => {
    const user = await openPanel();
    const file = new File(['x'.repeat(2_100_000)], 'huge.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import scenario file'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file “huge.json” is 2.1 MB; scenario files are at most 2.0 MB. Your current work is kept.',
    );
    expect(shown()).toBe('40000');
  });

  it('exports the scenario as a JSON file', async () => {
    const { blobs, click } = captureDownloads();
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Export JSON file' }));
    expect(click).toHaveBeenCalledOnce();
    expect(blobs[0]?.type).toBe('application/json');
    const text = (await blobs[0]?.text()) ?? '';
    expect(JSON.parse(text)).toEqual({ v: 1, ...DEFAULT_SCENARIO });
    click.mockRestore();
  });
});

describe('Compare', () => {
  function renderWithSlot() {
    const user = userEvent.setup();
    render(
      <>
        <ScenarioBar />
        <CompareSlot />
        <Probe />
      </>,
    );
    return user;
  }
  const compareName = 'Compare A (pinned) with B (current)';

  it('is disabled with a reason until A is pinned, and pinning does not open it', async () => {
    const user = renderWithSlot();
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    expect(compare).toHaveAccessibleDescription(/Pin a scenario as A first/);
    await user.click(screen.getByRole('button', { name: 'Pin as A' }));
    expect(compare).toBeEnabled();
    expect(compare).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('complementary', { name: compareName })).toBeNull();
    // Pinning again (a new A) does not toggle it either.
    await user.click(compare);
    await screen.findByRole('complementary', { name: compareName });
    await user.click(screen.getByRole('button', { name: 'Pin as A' }));
    expect(screen.getByRole('complementary', { name: compareName })).toBeInTheDocument();
  });

  it('shows A beside B with the inputs, outcomes and figures that differ', async () => {
    const user = renderWithSlot();
    await user.click(screen.getByRole('button', { name: 'Pin as A' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const dock = await screen.findByRole('complementary', { name: compareName });
    expect(within(dock).getByRole('status')).toHaveTextContent(
      'B matches A on every headline figure.',
    );
    expect(within(dock).getByRole('status')).toHaveTextContent('B has the same inputs as A.');
    act(() => useAppStore.getState().setGate({ outputTokens: 3_000 }));
    await waitFor(() =>
      expect(within(dock).getByRole('status')).toHaveTextContent(
        '2 of 11 headline figures differ.',
      ),
    );
    expect(within(dock).getByRole('status')).toHaveTextContent('1 input differs');
    const inputs = within(dock).getByRole('table', { name: 'Offload gate inputs' });
    expect(within(inputs).getByRole('row', { name: /Output tokens/ })).toHaveTextContent(
      `Output tokens${DEFAULT_SCENARIO.gate.outputTokens.toLocaleString('en-US')}3,000`,
    );
    const verdict = within(dock).getByRole('row', { name: /Gate verdict/ });
    expect(verdict).toHaveTextContent('Gate verdictOffloadKeep inline');
    const row = within(dock).getByRole('row', { name: /Offload gate decision/ });
    expect(row).toHaveTextContent('Offload gate decisionOffloadKeep inlinechanged');
    await user.click(within(dock).getByRole('button', { name: 'Hide comparison' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('closes when A is unpinned', async () => {
    const user = renderWithSlot();
    await user.click(screen.getByRole('button', { name: 'Pin as A' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const dock = await screen.findByRole('complementary', { name: compareName });
    await user.click(within(dock).getByRole('button', { name: 'Unpin A' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled();
  });
});

describe('Report', () => {
  it('renders the decisions and key figures, and closes', async () => {
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: /Design review/ });
    expect(within(report).getByText('Offload')).toBeInTheDocument();
    const { reason } = evaluateOffloadGate(DEFAULT_SCENARIO.gate, DEFAULT_PRICING);
    expect(within(report).getByText(reason)).toBeInTheDocument();
    const budget = headlineFigures(DEFAULT_SCENARIO).budget;
    const admitted = budget.ok ? budget.value.report.totalTokens : NaN;
    expect(report).toHaveTextContent(
      `${admitted.toLocaleString('en-US')} tokens admitted of 10,000`,
    );
    expect(report).toHaveTextContent(describeStrategy(DEFAULT_SCENARIO.routing.scenario.strategy));
    // The price book traffic is billed with, by version and date.
    const book = within(report).getByTestId('report-price-book');
    expect(book).toHaveTextContent(PRICE_BOOK_VERSION);
    expect(book).toHaveTextContent(PRICE_BOOK_DATE);
    expect(within(report).getByRole('figure', { name: 'Offload gate terms' })).toBeInTheDocument();
    expect(
      within(report).getByRole('button', { name: 'Download Offload gate terms as PNG' }),
    ).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Close report' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });

  it('takes a title and a note into the scenario, and dates the report', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 4, 10, 0, 0));
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: /Design review/ });
    expect(within(report).getByRole('time')).toHaveAttribute('datetime', '2026-03-04');
    await user.type(within(report).getByLabelText('Report title'), 'Q1 review');
    await user.type(within(report).getByLabelText('Note for the reader'), 'See the gate.');
    expect(useAppStore.getState().ui.reportTitle).toBe('Q1 review');
    expect(useAppStore.getState().ui.reportNote).toBe('See the gate.');
    expect(within(report).getByRole('heading', { level: 2 })).toHaveTextContent('Q1 review');
    expect(screen.getByRole('dialog', { name: /Q1 review/ })).toHaveTextContent('See the gate.');
    await user.clear(within(report).getByLabelText('Report title'));
    expect('reportTitle' in useAppStore.getState().ui).toBe(false);
    vi.useRealTimers();
  });

  it('shows the budget error instead of figures when pinned rows do not fit', async () => {
    const user = renderBar();
    act(() => useAppStore.getState().setBudget({ maxTotalTokens: 1_000 }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: /Design review/ });
    expect(report).toHaveTextContent('Does not compile');
    expect(report).toHaveTextContent(
      'pinned contributions (system, tools) need 3600 tokens but the budget is 1000.',
    );
  });
});
