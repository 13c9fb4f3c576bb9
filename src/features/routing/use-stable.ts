import { useState } from 'react';

/**
 * `value`, or the value kept from an earlier render while `equal` says the
 * two are the same: a stable identity for memoised work that depends on part
 * of a value only (an idle-gap sweep ignores the gaps it overrides).
 */
export function useStable<T>(value: T, equal: (kept: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value);
  if (kept === value || equal(kept, value)) return kept;
  // Storing information from the previous render: React re-renders this
  // component at once with the new value kept.
  setKept(value);
  return value;
}
