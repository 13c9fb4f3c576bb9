import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { useAppStore } from '../../src/state/store.ts';

// The routing lab is replaced by one that throws, to show that a failing
// panel is caught and the rest of the app keeps working.
vi.mock('../../src/features/routing/RoutingPanel.tsx', () => ({
  default: function Broken(): never {
    throw new Error('simulated failure');
  },
}));

describe('App shell', () => {
  // Load the lazy panels once up front, so each test waits only for React.
  beforeAll(async () => {
    await import('../../src/features/gate/GatePanel.tsx');
    await import('../../src/features/pricing/PricesPanel.tsx');
  });

  beforeEach(() => {
    // The shell restores saved work at startup: start every test from nothing saved.
    localStorage.clear();
    // Each tab's own last state is saved too (session storage).
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    act(() => useAppStore.getState().resetToDefaults());
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the product name, a purpose line and six tabs, with the two ways in', async () => {
    render(<App />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Context Cost Explorer' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/See what an LLM agent/)).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Overview',
      'Offload gate',
      'Prompt budget',
      'Model routing',
      'Your traffic',
      'Prices',
    ]);
    // A first visit opens on the worked example, with the way to start from your own traffic.
    expect(await screen.findByRole('slider', { name: 'Output tokens' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Start from your own traffic' }));
    expect(useAppStore.getState().ui.tab).toBe('traffic');
    // Answered, the note stays away.
    expect(screen.queryByRole('button', { name: 'Start from your own traffic' })).toBeNull();
  });

  it('puts the two ways in away once Your traffic is opened from its tab', async () => {
    render(<App />);
    expect(
      await screen.findByRole('button', { name: 'Start from your own traffic' }),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: 'Your traffic' }));
    expect(screen.queryByRole('heading', { name: 'Two ways to start' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Offload gate' }));
    expect(screen.queryByRole('heading', { name: 'Two ways to start' })).toBeNull();
  });

  it('keeps the open tab in the state and moves with arrow keys', async () => {
    render(<App />);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    fireEvent.keyDown(overview, { key: 'ArrowLeft' });
    expect(useAppStore.getState().ui.tab).toBe('prices');
    expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Prices' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Prices' }), { key: 'Home' });
    expect(useAppStore.getState().ui.tab).toBe('overview');
  });

  it('switches theme', () => {
    render(<App />);
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    expect(document.documentElement.dataset['theme']).toBe('dark');
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'light' } });
    expect(document.documentElement.dataset['theme']).toBe('light');
  });

  it('catches a failing panel and keeps the rest of the app working', async () => {
    render(<App />);
    fireEvent.click(screen.getByRole('tab', { name: 'Model routing' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The model-routing lab stopped working');
    expect(alert).toHaveTextContent('simulated failure');
    fireEvent.click(screen.getByRole('tab', { name: 'Offload gate' }));
    expect(await screen.findByRole('slider', { name: 'Output tokens' })).toBeInTheDocument();
  });
});
