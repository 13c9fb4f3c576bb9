/**
 * The other tabs of the site, as persistence hears and tells them: a
 * BroadcastChannel (or the shared save's `storage` event where there is
 * none, see tab-session.ts), also handed to the history so its entries are
 * announced. Never throws.
 */
import { linkTabs, type TabLink, type TabMessage } from '../../../state/tab-session.ts';
import { SAVED_KEY } from '../persistence-helpers.ts';

export interface OtherTabs {
  /** Tells the other tabs this one wrote the shared save. */
  announceSaved(time: number): void;
  close(): void;
}

/**
 * Listens to the other tabs from now on: `onMessage` gets each of their
 * messages, never this tab's own. `share` receives the link (and null once
 * closed), for the history to announce its entries on. Null where the page
 * cannot link tabs at all.
 */
export function connectOtherTabs(
  self: string,
  onMessage: (message: TabMessage) => void,
  share: (link: TabLink | null) => void = () => undefined,
): OtherTabs | null {
  let link: TabLink;
  try {
    link = linkTabs(self, onMessage, SAVED_KEY);
  } catch {
    return null;
  }
  share(link);
  return {
    announceSaved: (time) => link.post({ type: 'saved', tab: self, time }),
    close() {
      link.close();
      share(null);
    },
  };
}
