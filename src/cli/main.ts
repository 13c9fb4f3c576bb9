#!/usr/bin/env node
/** The command's entry point: process arguments in, exit status out. */
import { runCli } from './run.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTty: process.stderr.isTTY,
  cwd: process.cwd(),
});
