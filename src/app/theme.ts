import { useEffect } from 'react';
import { useAppStore } from '../state/store.ts';

/** Keeps `<html data-theme>` in step with the chosen theme ("system" follows the OS). */
export function useApplyTheme(): void {
  const theme = useAppStore((s) => s.ui.theme);
  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media?.matches === true);
      root.dataset['theme'] = dark ? 'dark' : 'light';
      root.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    if (theme !== 'system' || !media) return undefined;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
