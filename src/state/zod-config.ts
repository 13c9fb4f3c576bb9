/**
 * zod compiles fast parsers with `new Function` after probing whether eval is
 * allowed; the app's Content-Security-Policy forbids eval, and the probe alone
 * is reported as a violation. Jitless parsing is plenty fast for our sizes.
 * zod decides this when a schema is defined, so every module that defines
 * schemas imports this one first.
 */
import { z } from 'zod';

z.config({ jitless: true });
