/**
 * What is kept of each conversation beside its calls: the notes its records
 * gave to name it (a summary line, the first prompt) and the cost a
 * stream-json run reported for it. Small: two short strings and a number a
 * conversation. The first import to give a note or a cost keeps it, as the
 * first record of a call defines the call.
 */
import type { ConversationNote } from './traffic-types.ts';
import type { TrafficExtras } from './traffic-db.ts';

/** The longest note kept, in characters (the tab shows about 80). */
export const MAX_NOTE_CHARS = 200;

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_NOTE_CHARS);

/** The notes and reported costs of the stored conversations. */
export class ConversationNotes {
  constructor(
    readonly notes: ReadonlyMap<string, ConversationNote> = new Map(),
    readonly reported: ReadonlyMap<string, number> = new Map(),
  ) {}

  static fromStored(extras: TrafficExtras): ConversationNotes {
    return new ConversationNotes(new Map(extras.notes), new Map(extras.reported));
  }

  toStored(): TrafficExtras {
    return { notes: [...this.notes], reported: [...this.reported] };
  }

  /** These notes with an import's added: a field already held is kept. */
  with(
    titles: ReadonlyMap<string, ConversationNote> | undefined,
    reported: ReadonlyMap<string, number> | undefined,
  ): ConversationNotes {
    const notes = new Map(this.notes);
    for (const [id, note] of titles ?? []) {
      const held = notes.get(id);
      const summary =
        held?.summary ?? (note.summary === undefined ? undefined : clip(note.summary));
      const firstPrompt =
        held?.firstPrompt ?? (note.firstPrompt === undefined ? undefined : clip(note.firstPrompt));
      notes.set(id, {
        ...(summary === undefined || summary === '' ? {} : { summary }),
        ...(firstPrompt === undefined || firstPrompt === '' ? {} : { firstPrompt }),
      });
    }
    const costs = new Map(this.reported);
    for (const [id, usd] of reported ?? []) if (!costs.has(id)) costs.set(id, usd);
    return new ConversationNotes(notes, costs);
  }
}
