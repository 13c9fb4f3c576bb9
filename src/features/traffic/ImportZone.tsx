import { memo, useId, useState, type DragEvent } from 'react';
import { sourcesFromDrop, sourcesFromInput } from './dropped-files.ts';
import {
  cleanLabel,
  importTraffic,
  MAX_LABEL_CHARS,
  pastedSource,
  setImportLabel,
  useTrafficSession,
} from './traffic-session.ts';

/** Where traffic comes in: a drop zone that is also a file input and a folder input, and a paste box. */
export const ImportZone = memo(function ImportZone({ busy }: { busy: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [pasted, setPasted] = useState('');
  const label = useTrafficSession((s) => s.label);
  const cleaned = cleanLabel(label);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (busy) return;
    void sourcesFromDrop(event.dataTransfer).then(({ sources, folders }) =>
      importTraffic(sources, folders > 0 ? 'The dropped folder' : 'The drop'),
    );
  };

  return (
    <section className="card traffic-import" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Import traffic</h2>
      <div className="import-label">
        <label htmlFor={`${id}-label`}>Whose traffic is this? (optional)</label>
        <input
          id={`${id}-label`}
          type="text"
          value={label}
          maxLength={MAX_LABEL_CHARS}
          autoComplete="off"
          spellCheck={false}
          placeholder="a person or a machine, e.g. ana-laptop"
          aria-describedby={`${id}-label-note`}
          onChange={(e) => setImportLabel(e.target.value)}
        />
        <p id={`${id}-label-note`} className="note">
          {cleaned === '' ? (
            'Without a label, each file is its own source. Label each person’s or machine’s import to merge several people’s folders: a call read twice is counted once.'
          ) : (
            <>
              The next imports are labelled{' '}
              <strong dir="auto" className="isolate">
                {cleaned}
              </strong>{' '}
              (files, folders, drops and pasted text alike), until you change it.
            </>
          )}
        </p>
      </div>
      <div
        className={`drop-zone${over ? ' drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          Drop trace files or a whole folder here, or choose them. Claude Code keeps its transcripts
          in <code>~/.claude/projects/&lt;project&gt;/</code>: one{' '}
          <code>&lt;session&gt;.jsonl</code> a session, subagents under{' '}
          <code>&lt;session&gt;/subagents/</code>; pick <code>projects/</code> to read every
          project. Codex CLI keeps its rollouts in <code>~/.codex/sessions/YYYY/MM/DD/</code>: pick{' '}
          <code>sessions/</code> to read them all. Gemini CLI keeps its sessions in{' '}
          <code>~/.gemini/tmp/&lt;project&gt;/chats/</code>.
        </p>
        <div className="row">
          <label className="file-button">
            Choose trace files
            <input
              type="file"
              multiple
              disabled={busy}
              onChange={(e) => {
                const files = e.currentTarget.files;
                if (files !== null) void importTraffic(sourcesFromInput(files), 'The selection');
                e.currentTarget.value = '';
              }}
            />
          </label>
          <label className="file-button">
            Choose a folder
            <input
              type="file"
              multiple
              disabled={busy}
              // React does not know the attribute; the browsers that pick folders all read it.
              {...{ webkitdirectory: '' }}
              onChange={(e) => {
                const files = e.currentTarget.files;
                if (files !== null) void importTraffic(sourcesFromInput(files), 'The folder');
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
        <p className="note">
          Recognised from their content: Claude Code transcripts and its{' '}
          <code>--output-format stream-json</code> output, Codex CLI rollouts, Gemini CLI sessions,
          Anthropic Messages responses (JSONL) and streamed responses (SSE, <code>event:</code> /{' '}
          <code>data:</code> lines), OpenAI Chat Completions / Responses (JSONL), OpenTelemetry
          GenAI spans (OTLP/JSON), LiteLLM spend logs (JSON or CSV) and Langfuse observation
          exports. Streams and stream-json carry no times: their calls are billed as undated.
        </p>
      </div>
      <form
        className="paste-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (pasted.trim() === '' || busy) return;
          void importTraffic([pastedSource(pasted)], 'The pasted text').then(() => setPasted(''));
        }}
      >
        <label htmlFor={`${id}-paste`}>Or paste trace lines</label>
        <textarea
          id={`${id}-paste`}
          rows={4}
          value={pasted}
          spellCheck={false}
          onChange={(e) => setPasted(e.target.value)}
        />
        <div className="row">
          <button type="submit" disabled={busy || pasted.trim() === ''}>
            Read pasted text
          </button>
        </div>
      </form>
    </section>
  );
});
