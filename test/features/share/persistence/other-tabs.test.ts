// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectOtherTabs } from '../../../../src/features/share/persistence/other-tabs.ts';
import type { TabMessage } from '../../../../src/state/tab-session.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the other tabs', () => {
  it('hear this tab’s saves, and this tab never hears its own', async () => {
    const heardA: TabMessage[] = [];
    const heardB: TabMessage[] = [];
    const shared = vi.fn();
    const a = connectOtherTabs('tab-a', (m) => heardA.push(m), shared);
    const b = connectOtherTabs('tab-b', (m) => heardB.push(m));
    expect(a).not.toBeNull();
    expect(shared).toHaveBeenCalledOnce();
    a!.announceSaved(1234);
    await settle();
    expect(heardB).toEqual([{ type: 'saved', tab: 'tab-a', time: 1234 }]);
    expect(heardA).toEqual([]);
    a!.close();
    expect(shared).toHaveBeenLastCalledWith(null);
    b!.announceSaved(5);
    await settle();
    expect(heardA).toEqual([]);
    b!.close();
  });
});
