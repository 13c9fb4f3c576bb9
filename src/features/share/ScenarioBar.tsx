import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { findPreset, PRESETS } from '../../model/presets.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { MAX_SCENARIO_BYTES } from '../../core/limits.ts';
import { overByteCap } from '../../state/json-guard.ts';
import { exportScenarioFile } from './export-file.ts';
import { useShareStore } from './share-store.ts';
import { loadPersistence } from './use-scenario-persistence.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import './share.css';

/** Links longer than this are cut by some chat and mail apps. */
const LONG_LINK_CHARS = 2_000;

/** What a link too long for some apps says about itself, and what to send instead. */
function longLinkDetail(link: string, data: ScenarioData): { detail?: string } {
  if (link.length <= LONG_LINK_CHARS) return {};
  const rows = data.prices.rows.length;
  return {
    detail:
      `It is ${link.length.toLocaleString('en-US')} characters long because it carries the whole scenario, its ${rows.toLocaleString('en-US')} price ${rows === 1 ? 'row' : 'rows'} included; ` +
      `some chat and mail apps cut links beyond ${LONG_LINK_CHARS.toLocaleString('en-US')} characters, so for those send the scenario as a JSON file (Import / export).`,
  };
}

// Loaded on first use: compare and the report pull in the charts, import
// pulls in the schema (zod).
const ImportExportPanel = lazy(() => import('./ImportExportPanel.tsx'));
const ReportView = lazy(() => import('./ReportView.tsx'));
const HistoryPanel = lazy(() => import('./HistoryPanel.tsx'));

/** Why Compare is disabled until a scenario is pinned. */
const COMPARE_DISABLED_REASON = 'Pin a scenario as A first: Compare shows B beside it.';

/** The page's address without its hash (works for file: pages too). */
function pageAddress(): string {
  return window.location.href.split('#')[0] ?? '';
}

/**
 * The scenario bar in the header: share a link, reset, load a preset,
 * import or export, pin A and compare, open the report. Messages about the
 * scenario (a link that failed, a copied link, an undo) appear under it.
 */
export function ScenarioBar({
  reportOpening,
}: {
  /** What the report opens with before the scenario (the app passes the traffic's bill and decisions). */
  reportOpening?: ReactNode;
} = {}) {
  const id = useId();
  const notice = useShareStore((s) => s.notice);
  const undo = useShareStore((s) => s.undo);
  const notify = useShareStore((s) => s.notify);
  const pinnedA = useShareStore((s) => s.pinnedA);
  const compareOpen = useShareStore((s) => s.compareOpen);
  const reportOpen = useShareStore((s) => s.reportOpen);
  const historyOpen = useShareStore((s) => s.historyOpen);
  const tabNote = useShareStore((s) => s.tabNote);
  const [ioOpen, setIoOpen] = useState(false);
  const [fallbackLink, setFallbackLink] = useState<string | null>(null);
  const fallbackRef = useRef<HTMLInputElement>(null);
  const ioButtonRef = useRef<HTMLButtonElement>(null);
  const historyButtonRef = useRef<HTMLButtonElement>(null);
  const reportButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    fallbackRef.current?.select();
  }, [fallbackLink]);

  const current = () => selectScenario(useAppStore.getState());

  const shareLink = async () => {
    const { encodeScenarioHash, MAX_HASH_CHARS, checkReopenable, scenarioToJson } =
      await loadPersistence();
    const data = current();
    // A link the app itself could not open is never offered.
    const refuse = (reason: string) => {
      setFallbackLink(null);
      notify({
        kind: 'error',
        text: `This scenario cannot be shared as a link: ${reason}. Export it as a JSON file instead.`,
        offerExport: true,
      });
    };
    if (overByteCap(scenarioToJson(data), MAX_SCENARIO_BYTES)) {
      refuse(
        `it is larger than the ${(MAX_SCENARIO_BYTES / 1_000_000).toFixed(1)} MB of JSON a link may carry`,
      );
      return;
    }
    const check = checkReopenable(data);
    if (!check.ok) {
      refuse(check.error);
      return;
    }
    const hash = await encodeScenarioHash(data);
    if (hash.length > MAX_HASH_CHARS) {
      setFallbackLink(null);
      notify({
        kind: 'error',
        text: `This scenario is too large for a link (${hash.length.toLocaleString('en-US')} characters; at most ${MAX_HASH_CHARS.toLocaleString('en-US')}). Export it as a JSON file instead.`,
        offerExport: true,
      });
      return;
    }
    const link = `${pageAddress()}${hash}`;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setFallbackLink(null);
      notify({ kind: 'info', text: 'Link copied', ...longLinkDetail(link, data) });
    } catch {
      setFallbackLink(link);
      notify({
        kind: 'info',
        text: 'Copy the link below (the clipboard is not available here).',
        ...longLinkDetail(link, data),
      });
    }
  };

  const reset = () => {
    const before = current();
    useAppStore.getState().resetToDefaults();
    notify({ kind: 'info', text: 'Reset to defaults.' }, { label: 'Undo reset', data: before });
  };

  const loadPreset = (presetId: string) => {
    const preset = findPreset(presetId);
    if (!preset) return;
    const before = current();
    const built = preset.build();
    useAppStore.getState().loadScenario({ ...built, ui: { ...built.ui, theme: before.ui.theme } });
    notify(
      { kind: 'info', text: `Loaded the preset “${preset.name}”.` },
      { label: 'Undo preset', data: before },
    );
  };

  const runUndo = () => {
    if (!undo) return;
    useAppStore.getState().loadScenario(undo.data);
    notify({ kind: 'info', text: 'Restored the previous scenario.' });
  };

  const pin = () => {
    useShareStore.getState().pinA(current());
    notify({
      kind: 'info',
      text: 'Pinned the current scenario as A. Change anything, then Compare to see B beside A.',
    });
  };

  const closeReport = () => {
    useShareStore.getState().setReportOpen(false);
    reportButtonRef.current?.focus();
  };

  return (
    <div className="scenario-bar">
      <div className="scenario-actions" role="group" aria-label="Scenario">
        <button type="button" onClick={() => void shareLink()}>
          Share link
        </button>
        <button type="button" onClick={reset}>
          Reset to defaults
        </button>
        <label className="preset-picker">
          <span>Scenario presets</span>
          <select value="" onChange={(e) => loadPreset(e.target.value)}>
            <option value="">Choose a preset…</option>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button
          ref={ioButtonRef}
          type="button"
          aria-expanded={ioOpen}
          aria-controls={`${id}-io`}
          onClick={() => setIoOpen((open) => !open)}
        >
          Import / export
        </button>
        <button type="button" onClick={pin}>
          Pin as A
        </button>
        <button
          type="button"
          aria-pressed={compareOpen}
          disabled={pinnedA === null}
          aria-describedby={pinnedA === null ? `${id}-compare-why` : undefined}
          title={pinnedA === null ? COMPARE_DISABLED_REASON : undefined}
          onClick={() => useShareStore.getState().setCompareOpen(!compareOpen)}
        >
          Compare
        </button>
        {pinnedA === null && (
          <span id={`${id}-compare-why`} className="visually-hidden">
            {COMPARE_DISABLED_REASON}
          </span>
        )}
        <button
          ref={historyButtonRef}
          type="button"
          aria-expanded={historyOpen}
          aria-controls={`${id}-history`}
          onClick={() => useShareStore.getState().setHistoryOpen(!historyOpen)}
        >
          History
        </button>
        <button
          ref={reportButtonRef}
          type="button"
          onClick={() => useShareStore.getState().setReportOpen(true)}
        >
          Report
        </button>
      </div>
      {/* The message slot keeps its height, so a message never moves the tabs;
          while it has none it says where the work is kept. */}
      <div className="scenario-status" data-testid="scenario-status">
        {/* A polite live region without role="status": each tab's live result is
            that tab's one status region, and this bar should not compete with it. */}
        <div aria-live="polite" aria-atomic="true" className="scenario-live">
          {notice?.kind === 'info' && (
            <p className="scenario-note">
              {notice.text}
              {notice.detail === undefined ? null : (
                <span className="scenario-note-detail"> {notice.detail}</span>
              )}
              {undo && (
                <button type="button" className="link-button" onClick={runUndo}>
                  {undo.label}
                </button>
              )}
            </p>
          )}
        </div>
        {notice === null && tabNote === null ? (
          <p className="scenario-hint">
            Every change is kept as you go: in the address bar (a link to this screen) and in this
            browser.
          </p>
        ) : null}
      </div>
      {notice?.kind === 'error' && (
        <div className="scenario-error">
          <p role="alert" className="form-error">
            {notice.text}
          </p>
          {notice.offerExport === true && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                exportScenarioFile(current());
                notify({
                  kind: 'info',
                  text: 'Exported the scenario as context-cost-scenario.json.',
                });
              }}
            >
              Export JSON file instead
            </button>
          )}
          <button type="button" className="link-button" onClick={() => notify(null)}>
            Dismiss
          </button>
        </div>
      )}
      {tabNote !== null && (
        <div className="scenario-error" aria-live="polite">
          <p className="scenario-tab-note">{tabNote}</p>
          <button
            type="button"
            className="link-button"
            onClick={() => useShareStore.setState({ tabNote: null })}
          >
            Hide
          </button>
        </div>
      )}
      {fallbackLink !== null && (
        <div className="share-fallback">
          <label htmlFor={`${id}-link`}>Link to this scenario</label>
          <input
            ref={fallbackRef}
            id={`${id}-link`}
            type="text"
            readOnly
            value={fallbackLink}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" onClick={() => setFallbackLink(null)}>
            Done
          </button>
        </div>
      )}
      {ioOpen && (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <ImportExportPanel
            id={`${id}-io`}
            onDone={() => {
              setIoOpen(false);
              ioButtonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
      {historyOpen && (
        <ErrorBoundary name="The history">
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <HistoryPanel
              id={`${id}-history`}
              onDone={() => {
                useShareStore.getState().setHistoryOpen(false);
                historyButtonRef.current?.focus();
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
      {reportOpen &&
        createPortal(
          <ErrorBoundary name="The report">
            <Suspense fallback={<p className="loading report-loading">Loading the report…</p>}>
              <ReportView onClose={closeReport} opening={reportOpening} />
            </Suspense>
          </ErrorBoundary>,
          document.body,
        )}
    </div>
  );
}
