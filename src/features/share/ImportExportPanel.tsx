import { useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  MAX_SCENARIO_BYTES,
  parseScenarioText,
  type ScenarioParse,
} from '../../state/persistence.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { type ScenarioData } from '../../model/scenario.ts';
import { EXPORT_FILE_NAME, exportScenarioFile } from './export-file.ts';
import { useShareStore } from './share-store.ts';

export { EXPORT_FILE_NAME };

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/**
 * Export the scenario as a JSON file; import one from a file or pasted text.
 * A file or text that fails validation is refused with a message naming the
 * bad field, and the current work is kept.
 */
export default function ImportExportPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const fieldId = useId();
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notify = useShareStore((s) => s.notify);
  const firstRef = useRef<HTMLButtonElement>(null);

  // Opened from the bar: start where the panel's controls are.
  // A layout effect: focus moves in the same commit that shows the panel, so
  // nothing (a key press, a test's query) can see the panel without it.
  useLayoutEffect(() => firstRef.current?.focus(), []);

  const apply = (parsed: ScenarioParse, source: string) => {
    if (!parsed.ok) {
      setError(`${source} could not be loaded: ${parsed.error}. Your current work is kept.`);
      return;
    }
    const before: ScenarioData = selectScenario(useAppStore.getState());
    useAppStore.getState().loadScenario(parsed.data);
    setError(null);
    notify(
      { kind: 'info', text: `Loaded the scenario from ${source.replace(/^The /, 'the ')}.` },
      {
        label: 'Undo import',
        data: before,
      },
    );
    onDone();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const source = `The file “${file.name}”`;
    try {
      if (file.size > MAX_SCENARIO_BYTES) {
        setError(
          `${source} is ${formatBytes(file.size)}; scenario files are at most ${formatBytes(MAX_SCENARIO_BYTES)}. Your current work is kept.`,
        );
        return;
      }
      apply(parseScenarioText(await file.text()), source);
    } catch (readError) {
      setError(`${source} could not be read (${String(readError)}). Your current work is kept.`);
    } finally {
      // Choosing the same file again must fire another change.
      input.value = '';
    }
  };

  const exportFile = () => {
    exportScenarioFile(selectScenario(useAppStore.getState()));
    notify({ kind: 'info', text: `Exported the scenario as ${EXPORT_FILE_NAME}.` });
  };

  return (
    <div
      id={id}
      className="import-export card"
      role="group"
      aria-label="Import and export"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <div className="row">
        <button ref={firstRef} type="button" onClick={exportFile}>
          Export JSON file
        </button>
        <span className="note">Everything you set, as a versioned JSON file.</span>
      </div>
      <div className="select-field">
        <label htmlFor={`${fieldId}-file`}>Import scenario file</label>
        <input
          id={`${fieldId}-file`}
          type="file"
          accept=".json,application/json"
          onChange={(e) => void onFile(e)}
        />
      </div>
      <div className="select-field">
        <label htmlFor={`${fieldId}-paste`}>Paste scenario JSON</label>
        <textarea
          id={`${fieldId}-paste`}
          rows={5}
          value={pasted}
          spellCheck={false}
          placeholder='{"v": 1, "gate": {"outputTokens": 25000}}'
          onChange={(e) => setPasted(e.target.value)}
        />
        <p className="field-hint">Fields you leave out take their defaults.</p>
      </div>
      <div className="row">
        <button type="button" onClick={() => apply(parseScenarioText(pasted), 'The pasted text')}>
          Load pasted scenario
        </button>
        <button type="button" onClick={onDone}>
          Close
        </button>
      </div>
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
