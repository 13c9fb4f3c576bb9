/** The UI choices a scenario carries: the open tab, the theme, the report's own words. */

export const TABS = ['overview', 'gate', 'budget', 'routing', 'prices', 'traffic'] as const;
export type TabId = (typeof TABS)[number];
export type ThemeChoice = 'system' | 'light' | 'dark';

/** UI choices that are part of a shared scenario. */
export interface UiState {
  readonly tab: TabId;
  readonly theme: ThemeChoice;
  /** The report's title as the user typed it (absent: the report's own heading). */
  readonly reportTitle?: string;
  /** The user's note on the report (absent: none). */
  readonly reportNote?: string;
}

/** Longest report title and note, characters (they travel in the link). */
export const MAX_REPORT_TITLE_CHARS = 200;
export const MAX_REPORT_NOTE_CHARS = 2_000;

export const DEFAULT_UI: UiState = { tab: 'gate', theme: 'system' };
