/**
 * A list of row ids that may run to thousands (10,000 prompt rows drop
 * thousands of them): up to `ID_LIST_SHOWN` ids are written out as they are;
 * a longer list shows its count, its first ids and a "Show all" button that
 * opens the whole list in a focusable, scrolling box, so every id stays
 * reachable from the keyboard and to a screen reader without the page
 * laying out (or a live region announcing) thousands of ids at every step.
 */
import { useId, useState } from 'react';
import { formatTokens } from '../../ui/format.ts';

/** How many ids a list writes out before it shows a count and "Show all". */
export const ID_LIST_SHOWN = 40;

/**
 * "a, b, c" up to `ID_LIST_SHOWN` ids; beyond, the first of them and how many
 * more ("a, b, … and 4,960 more"). `last` joins the final two of a short list
 * ("a, b or c"); null joins every id with commas.
 */
export function boundedIds(ids: readonly string[], last: string | null = null): string {
  if (ids.length <= ID_LIST_SHOWN) {
    if (last === null || ids.length <= 1) return ids.join(', ');
    return `${ids.slice(0, -1).join(', ')} ${last} ${ids[ids.length - 1]}`;
  }
  const more = ids.length - ID_LIST_SHOWN;
  return `${ids.slice(0, ID_LIST_SHOWN).join(', ')}, … and ${formatTokens(more)} more`;
}

/**
 * The ids as text (see `boundedIds`), with a "Show all N <what>" button when
 * the list is cut: it opens the whole list, comma-separated, in a named
 * region that scrolls and takes the focus from the keyboard.
 */
export function IdList({
  ids,
  what,
  empty = '(none)',
}: {
  ids: readonly string[];
  /** What the ids are, plural ("dropped rows"): names the button and the region. */
  what: string;
  empty?: string;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  if (ids.length === 0) return <>{empty}</>;
  if (ids.length <= ID_LIST_SHOWN) return <>{ids.join(', ')}</>;
  const count = formatTokens(ids.length);
  return (
    <>
      {open ? `${count} ${what}:` : boundedIds(ids)}{' '}
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? `Show the first ${ID_LIST_SHOWN}` : `Show all ${count} ${what}`}
      </button>
      {open && (
        <span
          id={regionId}
          className="id-list-all"
          role="region"
          aria-label={`All ${count} ${what}`}
          tabIndex={0}
        >
          {ids.join(', ')}
        </span>
      )}
    </>
  );
}
