import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressBar,
  onPageHidden,
} from '../../../../src/features/share/persistence/address-bar.ts';

describe('the address bar', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads and rewrites the hash in place, without a new history entry', () => {
    window.history.replaceState(null, '', '/path?q=1#s=old');
    const bar = addressBar();
    expect(bar.read()).toBe('#s=old');
    const entries = window.history.length;
    expect(bar.replace('#s=new#report')).toBeGreaterThanOrEqual(0);
    expect(window.location.pathname + window.location.search).toBe('/path?q=1');
    expect(bar.read()).toBe('#s=new#report');
    expect(window.history.length).toBe(entries);
  });

  it('survives a browser that refuses replaceState', () => {
    const spy = vi.spyOn(window.history, 'replaceState').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(() => addressBar().replace('#s=x')).not.toThrow();
    spy.mockRestore();
  });

  it('hears a hash changed by the user until stopped', () => {
    const heard: string[] = [];
    const stop = addressBar().listen((hash) => heard.push(hash));
    window.location.hash = 's=pasted';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    stop();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(heard).toEqual(['#s=pasted']);
  });
});

describe('the page being hidden or left', () => {
  it('is heard on pagehide and when hidden, not when shown', () => {
    const listener = vi.fn();
    const stop = onPageHidden(listener);
    window.dispatchEvent(new Event('pagehide'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listener).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });
});
