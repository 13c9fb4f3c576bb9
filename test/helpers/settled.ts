/**
 * Waiting for a panel to settle. A panel's results come from the engine after
 * the render that asked for them; a test that ends before they arrive lets
 * them land outside act(), on a page the test no longer looks at (React's
 * "not wrapped in act" warning). The result regions say they are waiting with
 * `aria-busy="true"` (what a screen reader is told too), so a test awaits
 * the page that no region is busy on.
 */
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Resolves once no element in `root` is `aria-busy="true"`: every result asked for is shown. */
export async function settled(root: ParentNode = document.body): Promise<void> {
  await waitFor(() => expect(root.querySelector('[aria-busy="true"]')).toBeNull());
}
