import { useEffect, useState, type Ref } from 'react';
import { PRICING_SOURCE } from '../../core/index.ts';
import { PRICE_BOOK_LABEL } from '../../domain/price-book-meta.ts';
import { MAX_REPORT_NOTE_CHARS, MAX_REPORT_TITLE_CHARS } from '../../model/ui.ts';
import { useAppStore } from '../../state/store.ts';
import { type ScenarioData } from '../../model/scenario.ts';
import { loadPersistence } from './persistence-helpers.ts';

/** The report's heading when the user gave it no title. */
export const DEFAULT_REPORT_HEADING = "Design review: what this agent's context policies cost";

/** A local calendar date as ISO (2026-12-01) and in words (Tuesday, 1 December 2026). */
export function reportDate(date: Date): { iso: string; words: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const words = date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return { iso, words };
}

/** A long link shortened for the page (the address itself stays whole in the link). */
function shortLink(link: string): string {
  return link.length > 96 ? `${link.slice(0, 72)}…${link.slice(-12)}` : link;
}

function setUi(patch: { reportTitle?: string; reportNote?: string }) {
  useAppStore.setState((s) => {
    const { reportTitle, reportNote, ...rest } = { ...s.ui, ...patch };
    // An emptied field leaves the scenario as it was before it was typed in.
    return {
      ui: {
        ...rest,
        ...(reportTitle ? { reportTitle } : {}),
        ...(reportNote ? { reportNote } : {}),
      },
    };
  });
}

/** The title and note fields: on screen only, saved in the scenario (and so in its link). */
export function ReportDetailsForm({ data }: { data: ScenarioData }) {
  return (
    <div className="report-details" role="group" aria-label="Report title and note">
      <label>
        <span>Report title</span>
        <input
          type="text"
          value={data.ui.reportTitle ?? ''}
          maxLength={MAX_REPORT_TITLE_CHARS}
          placeholder={DEFAULT_REPORT_HEADING}
          onChange={(e) => setUi({ reportTitle: e.target.value })}
        />
      </label>
      <label>
        <span>Note for the reader</span>
        <textarea
          rows={2}
          value={data.ui.reportNote ?? ''}
          maxLength={MAX_REPORT_NOTE_CHARS}
          placeholder="What to look at, what was decided, who asked…"
          onChange={(e) => setUi({ reportNote: e.target.value })}
        />
      </label>
      <p className="note">The title and note travel with the scenario and its link.</p>
    </div>
  );
}

/** The address of the live scenario (this page without `#report`), or why there is none. */
function useLiveLink(data: ScenarioData): { link: string | null; problem: string | null } {
  const [state, setState] = useState<{ link: string | null; problem: string | null }>({
    link: null,
    problem: null,
  });
  useEffect(() => {
    let current = true;
    void loadPersistence()
      .then(async (p) => {
        const hash = await p.encodeScenarioHash(data);
        if (!current) return;
        const page = window.location.href.split('#')[0] ?? '';
        setState(
          hash.length > p.MAX_HASH_CHARS
            ? { link: null, problem: 'This scenario is too large for a link: export it as a file.' }
            : { link: `${page}${hash}`, problem: null },
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [data]);
  return state;
}

/**
 * The report's head: its title (the user's, else the default heading), the
 * date it was made, the link back to the live scenario, the user's note and
 * where the prices come from.
 */
export function ReportHead({
  data,
  made,
  headingId,
  kickerId,
  headingRef,
}: {
  data: ScenarioData;
  made: Date;
  headingId: string;
  kickerId: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { iso, words } = reportDate(made);
  const { link, problem } = useLiveLink(data);
  const title = data.ui.reportTitle?.trim() ?? '';
  return (
    <header className="report-head">
      {title !== '' && (
        <p className="report-kicker" id={kickerId}>
          {DEFAULT_REPORT_HEADING}
        </p>
      )}
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {title !== '' ? title : DEFAULT_REPORT_HEADING}
      </h2>
      <p className="report-meta">
        <span>
          Made on <time dateTime={iso}>{iso}</time> ({words})
        </span>
        <span className="report-live">
          Live scenario:{' '}
          {link !== null ? (
            <a href={link} className="report-link" data-testid="report-live-link">
              {shortLink(link)}
            </a>
          ) : (
            (problem ?? 'preparing the link…')
          )}
        </span>
      </p>
      {data.ui.reportNote !== undefined && data.ui.reportNote.trim() !== '' && (
        <p className="report-note">{data.ui.reportNote}</p>
      )}
      <p className="note">
        Context Cost Explorer. Prices: {PRICING_SOURCE.description}, {PRICING_SOURCE.asOf}
        {data.prices.rows.length > 0 && ` (${data.prices.rows.length} models in the table)`}.
        Traffic: dated price book <span data-testid="report-price-book">{PRICE_BOOK_LABEL}</span>,
        the table&apos;s own rows first. Every figure comes from the explorer&apos;s core, a port of
        the framework&apos;s policies checked against golden vectors; the assumptions behind them
        are listed at the end.
      </p>
    </header>
  );
}
