import { useEffect, useState } from 'react';

/**
 * A number that changes whenever `<html data-theme>` does: canvases read
 * their colours from CSS variables and must redraw then. It follows the
 * attribute, not the stored choice, so a "system" theme following the
 * operating system redraws too.
 */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    return () => observer.disconnect();
  }, []);
  return version;
}
