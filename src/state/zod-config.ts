/**
 * zod compiles fast parsers with `new Function` after probing whether eval is
 * allowed; the app's Content-Security-Policy forbids eval, and the probe alone
 * is reported as a violation. Jitless parsing is plenty fast for our sizes.
 * zod decides this when a schema is defined, so every module that defines
 * schemas imports this one first.
 *
 * The schemas use `zod/mini` (tree-shakable: a fraction of the classic API's
 * size on the first visit). Unlike classic `zod`, mini loads no locale, so the
 * English one is set here: a rejection without a message of its own ("Invalid
 * input: expected number, received string") reads as it did with classic zod.
 * It is imported by name rather than as `z.locales.en`, so no bundler can keep
 * every other locale along with it. Classic zod also installs a memoizer that
 * lets a value with reference cycles be parsed; mini does not, and none is
 * needed: `valueDepth` turns a cyclic value away before any schema sees it.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

z.config({ jitless: true });
z.config(en());
