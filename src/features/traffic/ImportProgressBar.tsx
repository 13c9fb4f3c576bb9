import type { ImportProgress } from '../../engine/traces/traffic-types.ts';
import { formatPlain } from '../../ui/format.ts';
import { cancelTrafficImport } from './traffic-session.ts';
import { plural } from './plural.ts';

function bytesText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${bytes} B`;
}

/** The running import: a labelled progress bar, files, bytes and calls in words, and Cancel. */
export function ImportProgressBar({ progress }: { progress: ImportProgress | undefined }) {
  const total = progress?.bytesTotal ?? 0;
  const read = progress?.bytesRead ?? 0;
  return (
    <section className="card traffic-progress" aria-label="Import progress">
      <label className="progress-label">
        Reading traffic
        {total > 0 ? <progress max={total} value={Math.min(read, total)} /> : <progress />}
      </label>
      <p role="status">
        {progress === undefined
          ? 'Starting the import…'
          : `${formatPlain(progress.filesDone)} of ${formatPlain(progress.filesTotal)} files, ` +
            `${bytesText(read)} of ${bytesText(total)}, ${plural(progress.calls, 'call')}` +
            (progress.currentFile === undefined ? '' : ` — reading ${progress.currentFile}`)}
      </p>
      <div className="row">
        <button type="button" onClick={cancelTrafficImport}>
          Cancel import
        </button>
      </div>
    </section>
  );
}
