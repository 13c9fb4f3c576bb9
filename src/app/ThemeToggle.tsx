import { useAppStore } from '../state/store.ts';
import type { ThemeChoice } from '../model/ui.ts';

const CHOICES: ReadonlyArray<{ id: ThemeChoice; label: string }> = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

/** Theme switch: follows the system unless the user picks light or dark. */
export function ThemeToggle() {
  const theme = useAppStore((s) => s.ui.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <label className="theme-toggle">
      <span>Theme</span>
      <select value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        {CHOICES.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
