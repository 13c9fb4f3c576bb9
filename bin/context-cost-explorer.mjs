#!/usr/bin/env node
// The command runs its TypeScript sources through tsx, the project's own
// runner: no build step, so a fresh clone works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
