// Setup for every test file, in both projects of vite.config.ts.
//
// A file runs under Node unless its folder (test/features, test/ui, test/app)
// or its own `// @vitest-environment jsdom` line gives it a document; only
// then does it load the DOM setup (Testing Library, jest-dom's matchers, the
// stand-ins for layout), so that a test of the core, the domain or the
// engine pays for none of it.
import { threadId } from 'node:worker_threads';

// Node delivers a broadcast to every thread of the process, and the test
// files run side by side in worker threads: one file's import, announced to
// "the other tabs", would reach a file running alongside and change what it
// shows mid-test. Each thread gets channels of its own; the tabs a test
// opens within its file still hear each other.
const NodeBroadcastChannel = globalThis.BroadcastChannel;
if (NodeBroadcastChannel !== undefined) {
  globalThis.BroadcastChannel = class ThreadBroadcastChannel extends NodeBroadcastChannel {
    constructor(name: string) {
      super(`${name}#thread-${threadId}`);
    }
  };
}

if (typeof document !== 'undefined') await import('./setup-dom.ts');

export {};
