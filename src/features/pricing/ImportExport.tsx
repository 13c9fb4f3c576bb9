import { useId, useState } from 'react';
import { checkReopenable } from '../../state/persistence.ts';
import { checkSlice } from '../../state/scenario-schema.ts';
import { pricingTable } from '../../state/selectors.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { formatTokens } from '../../ui/format.ts';
import type { LiteLlmSkipped } from '../../core/index.ts';
import {
  downloadText,
  MAX_PRICE_FILE_BYTES,
  toLiteLlmJson,
  tryReadPriceFile,
  withinLimits,
} from './price-file.ts';

interface ImportMessage {
  readonly ok: boolean;
  readonly text: string;
  /** What an import skipped, by reason. */
  readonly skipped?: readonly LiteLlmSkipped[];
  /** Values beyond the explorer's limits that were left out of imported rows, each naming model and field. */
  readonly leftOut?: readonly string[];
  /** True when entries were skipped that "import every priced entry" would import. */
  readonly allWouldAdd?: boolean;
}

/** Reasons that importing every priced entry does not skip (SPEC §12). */
const FILTERED = (reason: string) => reason === 'priced at 0' || reason.startsWith('mode: ');

/** Import a LiteLLM price file (with a report) and export the table as JSON. */
export function ImportExport() {
  const id = useId();
  const mergePriceRows = useAppStore((s) => s.mergePriceRows);
  const [message, setMessage] = useState<ImportMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [all, setAll] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_PRICE_FILE_BYTES) {
      setMessage({
        ok: false,
        text: `${file.name}: larger than ${MAX_PRICE_FILE_BYTES / 1024 / 1024} MB, not imported. The table is unchanged.`,
      });
      return;
    }
    setBusy(true);
    try {
      const read = tryReadPriceFile(await file.text(), { all });
      if (!read.ok) throw new Error(read.error);
      const result = read.result;
      // Nothing is accepted that a reload would refuse (the limits of core/limits.ts).
      const before = useAppStore.getState().prices;
      const limited = withinLimits(result.rows);
      mergePriceRows(limited.rows);
      const merged = useAppStore.getState().prices;
      const whole = () => {
        const check = checkReopenable(selectScenario(useAppStore.getState()));
        return check.ok ? null : check.error;
      };
      const problem = checkSlice('prices', merged) ?? whole();
      if (problem !== null) {
        useAppStore.setState({ prices: before });
        const index = /^prices\.rows\[(\d+)\]/.exec(problem)?.[1];
        const model = index === undefined ? undefined : merged.rows[Number(index)]?.model;
        const named = model === undefined ? '' : ` (model “${model.slice(0, 60)}”)`;
        throw new Error(`not imported: ${problem}${named}`);
      }
      const skipped = result.skipped > 0 ? `; skipped ${formatTokens(result.skipped)}` : '';
      setMessage({
        ok: true,
        text: `Imported ${formatTokens(result.imported)} ${result.imported === 1 ? 'model' : 'models'} from ${file.name}${skipped}.`,
        skipped: result.skippedByReason,
        allWouldAdd: !all && result.skippedByReason.some((r) => FILTERED(r.reason)),
        leftOut: limited.leftOut,
      });
    } catch (error) {
      setMessage({
        ok: false,
        text: `${file.name}: ${error instanceof Error ? error.message : String(error)}. The table is unchanged.`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Import and export</h2>
      <p className="note">
        Import LiteLLM&apos;s <code>model_prices_and_context_window.json</code>: imported models
        replace rows of the same name and add new ones; other rows stay. By default only chat,
        responses and completion models that have a price are imported.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={all}
          aria-describedby={`${id}-all-note`}
          onChange={(e) => setAll(e.target.checked)}
        />
        Import every priced entry
      </label>
      <p className="note" id={`${id}-all-note`}>
        Also embedding, image, audio and other modes, and entries priced at 0.
      </p>
      <div className="field">
        <label htmlFor={`${id}-file`} style={{ fontWeight: 600 }}>
          Import LiteLLM price file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,application/json"
          disabled={busy}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {message && (
        <div
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'form-ok' : 'form-error'}
        >
          <p>{message.text}</p>
          {message.skipped !== undefined && message.skipped.length > 0 && (
            <ul className="import-report" aria-label="Skipped entries by reason">
              {message.skipped.map((r) => (
                <li key={r.reason}>
                  <span>
                    {r.reason} × {formatTokens(r.count)}
                  </span>{' '}
                  <span className="note">(e.g. {r.examples.slice(0, 3).join(', ')})</span>
                </li>
              ))}
            </ul>
          )}
          {message.leftOut !== undefined && message.leftOut.length > 0 && (
            <div role="alert" className="form-error">
              <p>
                Left out {formatTokens(message.leftOut.length)}{' '}
                {message.leftOut.length === 1 ? 'value' : 'values'} beyond the explorer&apos;s
                limits (the rows were imported without them):
              </p>
              <ul aria-label="Values left out">
                {message.leftOut.slice(0, 20).map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          )}
          {message.allWouldAdd === true && (
            <p className="note">
              Tick &ldquo;Import every priced entry&rdquo; and import the file again to add the
              entries skipped for their mode or for being priced at 0.
            </p>
          )}
        </div>
      )}
      <div className="row" style={{ marginTop: '0.75rem' }}>
        <button
          type="button"
          onClick={() =>
            downloadText(
              `${JSON.stringify(toLiteLlmJson(pricingTable.get()), null, 2)}\n`,
              'model_prices.json',
            )
          }
        >
          Export table as JSON
        </button>
      </div>
    </section>
  );
}
