/**
 * Marks the page while a field or slider of a tab has focus (someone is
 * editing): `<html data-editing>`. The stylesheets then let the browser skip
 * off-screen cards (`content-visibility: auto`), and render every card
 * otherwise, so captures and prints never meet a skipped one.
 *
 * A `:root:has(.tabpanel … :focus)` selector said the same in CSS alone, but
 * the browser re-checked it on every change anywhere in the page: on the
 * budget tab that was 7–10 ms of style recalculation per slider step, against
 * under 1 ms with the attribute, which changes only when focus moves.
 */

/** The controls whose focus counts as editing. */
export const EDITING_CONTROL = ".tabpanel :is(input, select, textarea, [role='slider'])";

/** Keeps `data-editing` on `doc`'s root in step with focus; returns the undo. */
export function trackEditingFocus(doc: Document = document): () => void {
  const root = doc.documentElement;
  const mark = (target: EventTarget | null) => {
    if (target instanceof Element && target.matches(EDITING_CONTROL))
      root.setAttribute('data-editing', '');
    else root.removeAttribute('data-editing');
  };
  const onFocusIn = (event: FocusEvent) => mark(event.target);
  // Focus leaving for another element marks by that element (its focusin
  // follows); leaving the page or for nothing clears the mark.
  const onFocusOut = (event: FocusEvent) => mark(event.relatedTarget);
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  mark(doc.activeElement);
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    root.removeAttribute('data-editing');
  };
}
