/**
 * Names from traces inside our sentences. A model name is written by
 * whoever wrote the trace, and may hold right-to-left letters or a
 * direction control (an override, an embedding, an isolate) that would
 * reorder the words after it. Such a name is isolated (FSI … PDI, the plain
 * text form of `<bdi>`), which also ends any control it leaves open; a name
 * with neither cannot move the English around it and is kept as written,
 * so the sentences stay plain on a terminal and in a copied line.
 */

// Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, NKo,
// Samaritan, Mandaic and their presentation forms, and the supplementary
// right-to-left blocks), the marks that act as them, and every explicit
// direction control.
const DIRECTIONAL =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** `name` isolated from the sentence around it when it could reorder it, else as given. */
export function isolatedName(name: string): string {
  return DIRECTIONAL.test(name) ? `\u2068${name}\u2069` : name;
}

/** A move between two names, "from → to", each isolated as {@link isolatedName} says. */
export function moveWords(move: { readonly from: string; readonly to: string }): string {
  return `${isolatedName(move.from)} → ${isolatedName(move.to)}`;
}
