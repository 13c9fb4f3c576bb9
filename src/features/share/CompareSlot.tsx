import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { useShareStore } from './share-store.ts';

// Loaded on first use: the comparison runs the core on both scenarios.
const ComparePanel = lazy(() => import('./ComparePanel.tsx'));

/**
 * Where the comparison sits in the page (the shell places it beside the
 * explorer): shown while Compare is on and a scenario is pinned as A.
 */
export function CompareSlot() {
  const pinnedA = useShareStore((s) => s.pinnedA);
  const open = useShareStore((s) => s.compareOpen);
  if (!open || pinnedA === null) return null;
  return (
    <ErrorBoundary name="The comparison">
      <Suspense fallback={<p className="loading compare-column">Loading the comparison…</p>}>
        <ComparePanel pinned={pinnedA} />
      </Suspense>
    </ErrorBoundary>
  );
}
