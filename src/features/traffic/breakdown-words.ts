/**
 * The as-billed breakdowns of the traffic tab in words: the views, and the
 * name a person reads for each row's key (the core's keys: `""` for no
 * project or branch, `undated`, `main` / `subagent`).
 */
import type { BilledRow, BreakdownView } from '../../engine/traces/traffic-types.ts';

export interface BreakdownViewWords {
  readonly id: BreakdownView;
  /** The radio button's label. */
  readonly label: string;
  /** The row header's column name. */
  readonly rowLabel: string;
  /** "by project", for captions and chart titles. */
  readonly by: string;
}

export const BREAKDOWN_VIEWS: readonly BreakdownViewWords[] = [
  { id: 'conversation', label: 'Conversation', rowLabel: 'Conversation', by: 'by conversation' },
  { id: 'project', label: 'Project', rowLabel: 'Project', by: 'by project' },
  { id: 'branch', label: 'Branch', rowLabel: 'Git branch', by: 'by git branch' },
  { id: 'agent', label: 'Agent', rowLabel: 'Agent', by: 'by agent' },
  { id: 'source', label: 'Source', rowLabel: 'Source (whose traffic)', by: 'by source' },
  { id: 'model', label: 'Model', rowLabel: 'Model (price row)', by: 'by model' },
  { id: 'day', label: 'Day (UTC)', rowLabel: 'Day (UTC)', by: 'by day (UTC)' },
];

/** What a row is called in the tables and charts. */
export function rowName(view: BreakdownView, row: BilledRow): string {
  switch (view) {
    case 'conversation':
      return row.title ?? row.key;
    case 'project':
      return row.key === '' ? 'No project' : row.key;
    case 'branch':
      return row.key === '' ? 'No branch' : row.key;
    case 'agent':
      return row.key === 'main' ? 'Main agent' : row.key === 'subagent' ? 'Subagents' : row.key;
    case 'source':
      return row.key === '' ? 'No label' : row.key;
    case 'day':
      return row.key === 'undated' ? 'Undated' : row.key;
    default:
      return row.key;
  }
}

/** What hovering a row's name says: a conversation's id, a project's full path. */
export function rowHint(view: BreakdownView, row: BilledRow): string | undefined {
  if (view === 'conversation')
    return row.title === undefined
      ? `Conversation id: ${row.key}`
      : `${row.title}\nConversation id: ${row.key}`;
  if (view === 'day' && row.key === 'undated')
    return 'Calls without a time: Anthropic SSE streams, stream-json output, undated Messages files';
  if (view === 'source' && row.key === '') return 'Calls imported before imports could be labelled';
  return undefined;
}
