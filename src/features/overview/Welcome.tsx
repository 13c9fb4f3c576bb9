import { useId } from 'react';
import { useAppStore } from '../../state/store.ts';
import type { TabId } from '../../model/ui.ts';

const EXAMPLES: readonly { tab: TabId; title: string; text: string }[] = [
  {
    tab: 'gate',
    title: 'Offloading large tool outputs',
    text: 'When does moving a big tool result out of the prompt save more than it costs?',
  },
  {
    tab: 'budget',
    title: 'Fitting a prompt to its budget',
    text: 'Which parts of a prompt are dropped first when it runs over, and what is kept.',
  },
  {
    tab: 'routing',
    title: 'Routing turns to cheaper models',
    text: 'What sending some turns to a cheaper model costs once the prompt cache is counted.',
  },
];

/** A first visit's two ways in: start from your own traffic, or explore a worked example. */
export function Welcome() {
  const id = useId();
  const setTab = useAppStore((s) => s.setTab);
  return (
    <div className="overview-welcome">
      <h2 className="overview-title">What do your agent&apos;s context choices cost?</h2>
      <div className="overview-paths">
        <section className="card overview-path" aria-labelledby={`${id}-own`}>
          <h3 id={`${id}-own`}>Start from your own traffic</h3>
          <p>
            Bring the usage logs your agent already writes (Claude Code, Codex CLI, Gemini CLI,
            OpenTelemetry, LiteLLM and more). You get the bill as the provider bills it, and which
            changes of model or cache would have lowered it, to the cent.
          </p>
          <p className="note">
            The files are read in this browser and stay here; nothing is uploaded.
          </p>
          <button type="button" className="primary" onClick={() => setTab('traffic')}>
            Import your traffic
          </button>
        </section>
        <section className="card overview-path" aria-labelledby={`${id}-example`}>
          <h3 id={`${id}-example`}>Explore a worked example</h3>
          <p>No traffic at hand? Each example starts from typical figures you can change.</p>
          <ul className="overview-examples">
            {EXAMPLES.map((e) => (
              <li key={e.tab}>
                <button type="button" onClick={() => setTab(e.tab)}>
                  {e.title}
                </button>
                <span className="note">{e.text}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
