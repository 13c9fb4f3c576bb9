// Setup for every test file, in both projects of vite.config.ts.
//
// A file runs under Node unless its folder (test/features, test/ui, test/app)
// or its own `// @vitest-environment jsdom` line gives it a document; only
// then does it load the DOM setup (Testing Library, jest-dom's matchers, the
// stand-ins for layout), so that a test of the core, the domain or the
// engine pays for none of it.
if (typeof document !== 'undefined') await import('./setup-dom.ts');

export {};
