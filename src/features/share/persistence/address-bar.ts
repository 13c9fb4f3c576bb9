/**
 * The page as persistence sees it: its address bar (read, rewritten in
 * place with `history.replaceState`, heard on `hashchange`) and the moment
 * it is hidden or left (`pagehide`, `visibilitychange`). Never throws.
 */

export interface AddressBar {
  /** The whole hash (`#s=…#report`, or '' when none). */
  read(): string;
  /** Rewrites the hash without a new history entry; gives how long that took, ms. */
  replace(hash: string): number;
  /** Calls `listener` with the new hash whenever it changes; gives the stop function. */
  listen(listener: (hash: string) => void): () => void;
}

/** The address bar of `page` (the browser's window by default). */
export function addressBar(page: Window = window): AddressBar {
  return {
    read: () => page.location.hash,
    replace(hash) {
      const started = performance.now();
      try {
        const { pathname, search } = page.location;
        page.history.replaceState(page.history.state, '', `${pathname}${search}${hash}`);
      } catch {
        // Some embedded browsers refuse replaceState; the local save still holds the work.
      }
      return performance.now() - started;
    },
    listen(listener) {
      const onChange = () => listener(page.location.hash);
      page.addEventListener('hashchange', onChange);
      return () => page.removeEventListener('hashchange', onChange);
    },
  };
}

/**
 * Calls `listener` whenever the page is hidden (another tab, a minimised
 * window) or left (a reload, a closed tab); gives the stop function.
 */
export function onPageHidden(listener: () => void, page: Window = window): () => void {
  const doc = page.document;
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') listener();
  };
  page.addEventListener('pagehide', listener);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    page.removeEventListener('pagehide', listener);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
