import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { decideStartTab } from './app/stored-traffic.ts';
import './app/styles.css';
// The tables' rules load with the page's, before any tab's own CSS that refines them.
import './ui/data-table.css';

const root = document.getElementById('root');
if (root) {
  // A visit without a link, in a browser that may hold traffic, opens on the Overview
  // (one IndexedDB listing, a few milliseconds, before the first render).
  void decideStartTab().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
