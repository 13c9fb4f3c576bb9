import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The real registration needs a service worker; this one reports a waiting version.
const update = vi.fn(() => undefined);
let reportReady: (() => void) | null = null;
let reportActive: (() => void) | null = null;
vi.mock('../../src/app/sw-registration.ts', () => ({
  registerServiceWorker: (events: {
    onUpdateReady: () => void;
    onNewVersionActive: () => void;
  }) => {
    reportReady = events.onUpdateReady;
    reportActive = events.onNewVersionActive;
    return update;
  },
}));

import { UpdatePrompt } from '../../src/app/UpdatePrompt.tsx';

afterEach(() => {
  vi.unstubAllEnvs();
  reportReady = null;
  reportActive = null;
  update.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('registers nothing outside a production build', async () => {
    render(<UpdatePrompt />);
    await act(async () => undefined);
    expect(reportReady).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a waiting version and reloads only when asked', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    await waitFor(() => expect(reportReady).not.toBeNull());
    expect(screen.queryByRole('status'), 'nothing is shown before an update').toBeNull();
    act(() => reportReady?.());
    const bar = screen.getByRole('status');
    expect(bar).toHaveTextContent('A new version is ready.');
    expect(update, 'never forced: the page keeps running').not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledOnce();
  });

  it('can be put off', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    await waitFor(() => expect(reportReady).not.toBeNull());
    act(() => reportReady?.());
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    // Workbox may report the same waiting version again: Later holds for this page.
    act(() => reportReady?.());
    expect(screen.queryByRole('status'), 'put off for the rest of the page').toBeNull();
    expect(update).not.toHaveBeenCalled();
  });

  it('says so, and waits, when Reload was chosen in another tab', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    render(<UpdatePrompt />);
    await waitFor(() => expect(reportReady).not.toBeNull());
    act(() => reportReady?.());
    // Another tab chose Reload: the new version now controls this tab too.
    act(() => reportActive?.());
    expect(screen.getByRole('status')).toHaveTextContent('A new version runs in another tab.');
    expect(screen.getByRole('button', { name: 'Reload this tab' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Later' }), 'no longer waiting').toBeNull();
    expect(update, 'this tab asked for nothing').not.toHaveBeenCalled();
  });
});
