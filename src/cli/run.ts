/**
 * The `context-cost-explorer` command (alias `cce`): `bill`, `replay`,
 * `cheapest` and `export` over trace files and folders, with the browser's
 * readers, bill, replay and search. `runCli` is the whole command as a function, so
 * that tests run it in-process; it returns the exit status.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { billTrace, type LazyTraceRead } from '../core/traces/index.ts';
import { toCsv } from '../format/csv.ts';
import type { ReplayConstraints } from '../domain/replay-constraints.ts';
import type { ReplayPlanChoice, ReplayTtl } from '../domain/traffic-replay.ts';
import { replayAllTraffic, searchAllTraffic } from '../engine/traces/replay-service.ts';
import type { PricingTable } from '../core/pricing.ts';
import {
  BILL_DIMENSIONS,
  billJson,
  billRows,
  billTable,
  type BillDimension,
} from './bill-output.ts';
import { exportParquet, pricesPathBeside } from './export.ts';
import { loadPricing } from './prices.ts';
import { findFiles, readFiles, UnreadablePathError, type GivenPath } from './read-paths.ts';

/** Where the command writes. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (the progress bar shows only then). */
  readonly stderrIsTty: boolean;
  /** The folder relative paths are read from. */
  readonly cwd: string;
}

/** Exit status of a usage error. */
export const USAGE_EXIT = 2;
/** Exit status of a path or price file that cannot be read. */
export const UNREADABLE_EXIT = 1;

class UnreadableInputError extends Error {}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function pair(value: string): [string, string] {
  const at = value.indexOf('=');
  if (at <= 0 || at === value.length - 1) {
    throw new InvalidArgumentError(`expected FROM=TO, got "${value}"`);
  }
  return [value.slice(0, at), value.slice(at + 1)];
}

function collectPair(value: string, previous: [string, string][] = []): [string, string][] {
  return [...previous, pair(value)];
}

interface Read {
  readonly read: LazyTraceRead;
  readonly pricing: PricingTable;
}

interface InputOptions {
  readonly source?: [string, string][];
}

function givenPaths(paths: readonly string[], opts: InputOptions): GivenPath[] {
  const given: GivenPath[] = [
    ...paths.map((path) => ({ path })),
    ...(opts.source ?? []).map(([source, path]) => ({ path, source })),
  ];
  if (given.length === 0)
    throw new InvalidArgumentError('give at least one file or folder to read');
  return given;
}

/** `toolResults`: whether the calls keep their tool results (only `export` writes them). */
async function readInput(
  paths: readonly GivenPath[],
  prices: string | undefined,
  io: CliIo,
  { toolResults = false }: { readonly toolResults?: boolean } = {},
): Promise<Read> {
  let files;
  try {
    files = await findFiles(paths, io.cwd);
  } catch (error) {
    if (error instanceof UnreadablePathError) throw new UnreadableInputError(error.message);
    throw error;
  }
  let pricingOf;
  try {
    pricingOf = await loadPricing(prices, io.cwd);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableInputError(`cannot read the price file ${prices ?? ''}: ${message}`);
  }
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const bar = io.stderrIsTty
    ? new SingleBar({
        format: 'reading {bar} {percentage}% | {value}/{total} MB',
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: true,
      })
    : undefined;
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  bar?.start(mb(total), 0);
  let done = 0;
  const read = await readFiles(
    files,
    (n) => {
      done += n;
      bar?.update(mb(done));
    },
    { toolResults },
  );
  bar?.stop();
  for (const s of read.skipped) io.stderr(`skipped ${s.file}:${s.line}: ${s.reason}\n`);
  return { read, pricing: pricingOf(read.models) };
}

const sourceOption = () =>
  new Option(
    '--source <label=path>',
    "read PATH as LABEL's traffic: a person or a machine (repeatable)",
  ).argParser(collectPair);

const pricesOption = () =>
  new Option(
    '--prices <file>',
    'a LiteLLM price file or a price table (default: the dated price book)',
  );

function ttlOf(value: string): ReplayTtl {
  if (value === '5m') return 300;
  if (value === '1h') return 3600;
  if (value === 'as-billed') return null;
  throw new InvalidArgumentError('expected 5m, 1h or as-billed');
}

function program(io: CliIo): Command {
  const root = new Command('context-cost-explorer')
    .description('What your LLM traffic cost as billed, and under other models or cache TTLs')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .showHelpAfterError();
  const json = (value: unknown) => io.stdout(`${JSON.stringify(value, null, 2)}\n`);

  root
    .command('bill')
    .description('the as-billed bill of trace files and folders')
    .argument('[paths...]', 'files and folders (read recursively)')
    .addOption(sourceOption())
    .addOption(
      new Option('--by <dimension>', 'break the bill down by')
        .choices(BILL_DIMENSIONS)
        .default('model'),
    )
    .addOption(pricesOption())
    .addOption(new Option('--json', 'print JSON').conflicts('csv'))
    .option('--csv', 'print CSV')
    .action(
      async (
        paths: string[],
        opts: InputOptions & { by: BillDimension; prices?: string; json?: boolean; csv?: boolean },
      ) => {
        const { read, pricing } = await readInput(givenPaths(paths, opts), opts.prices, io);
        let calls = 0;
        const counted = function* () {
          for (const call of read.calls) {
            calls += 1;
            yield call;
          }
        };
        const billed = billTrace(counted(), pricing, read.reported);
        if (opts.json === true)
          json({
            calls,
            skipped: read.skipped.length,
            ...billJson(billed, opts.by),
          });
        else if (opts.csv === true) io.stdout(toCsv(billRows(billed, opts.by)));
        else io.stdout(billTable(billed, opts.by));
      },
    );

  root
    .command('replay')
    .description('the traffic replayed on other models or another cache TTL (SPEC §11)')
    .argument('[paths...]', 'files and folders (read recursively)')
    .addOption(sourceOption())
    .option('--map <from=to>', 'replay calls on model FROM on model TO (repeatable)', collectPair)
    .addOption(new Option('--all-on <model>', 'replay every call on one model').conflicts('map'))
    .addOption(
      new Option(
        '--ttl <ttl>',
        "the cache TTL of the replay: 5m, 1h, or as-billed (each conversation's own, as it ran)",
      )
        .argParser(ttlOf)
        .default(null, 'as-billed'),
    )
    .addOption(pricesOption())
    .option('--json', 'print JSON')
    .action(
      async (
        paths: string[],
        opts: InputOptions & {
          map?: [string, string][];
          allOn?: string;
          ttl: ReplayTtl;
          prices?: string;
          json?: boolean;
        },
      ) => {
        const { read, pricing } = await readInput(givenPaths(paths, opts), opts.prices, io);
        const choice: ReplayPlanChoice = {
          model:
            opts.allOn !== undefined
              ? { kind: 'one', model: opts.allOn }
              : { kind: 'map', mapping: (opts.map ?? []).map(([from, to]) => ({ from, to })) },
          ttlSeconds: opts.ttl,
        };
        // Read a conversation at a time, again for each figure: the calls are never all records.
        const outcome = replayAllTraffic(read.rereadable, pricing, choice);
        const { timeline: _timeline, ...figures } = outcome;
        if (opts.json === true) {
          json(figures);
          return;
        }
        const usd = (n: number) => `$${n.toFixed(2)}`;
        io.stdout(
          [
            `${outcome.choiceText} — ${outcome.scopeCalls} calls, ${outcome.scopeConversations} conversations`,
            `as billed  ${usd(outcome.asBilled.totalUsd)}`,
            `as run     ${usd(outcome.asRun.totalUsd)}`,
            `replay     ${usd(outcome.replay.totalUsd)}`,
            ...outcome.leftOut.map(
              (l) => `left out: ${l.calls} calls on ${l.model} (no price row)`,
            ),
            ...outcome.givesUp.map((g) => `gives up: ${g}`),
          ].join('\n') + '\n',
        );
      },
    );

  root
    .command('cheapest')
    .description(
      "the cheapest replay settings, with the traffic tab's constraints (same provider by default)",
    )
    .argument('[paths...]', 'files and folders (read recursively)')
    .addOption(sourceOption())
    .option('--any', "let a model move to any provider's model")
    .addOption(
      new Option('--allow <from=to>', 'allow only these moves (repeatable)')
        .argParser(collectPair)
        .conflicts('any'),
    )
    .option('--exclude <model>', 'never move to this model (repeatable)', collect)
    .option(
      '--floor <from=model>',
      "move FROM only to models whose output price is at least MODEL's (repeatable)",
      collectPair,
    )
    .addOption(pricesOption())
    .option('--json', 'print JSON')
    .action(
      async (
        paths: string[],
        opts: InputOptions & {
          any?: boolean;
          allow?: [string, string][];
          exclude?: string[];
          floor?: [string, string][];
          prices?: string;
          json?: boolean;
        },
      ) => {
        const { read, pricing } = await readInput(givenPaths(paths, opts), opts.prices, io);
        const allowed: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
        for (const [from, to] of opts.allow ?? []) (allowed[from] ??= []).push(to);
        const constraints: ReplayConstraints = {
          substitutes:
            opts.any === true ? 'any' : opts.allow !== undefined ? allowed : 'sameProvider',
          ...(opts.exclude === undefined ? {} : { exclude: opts.exclude }),
          ...(opts.floor === undefined ? {} : { floor: Object.fromEntries(opts.floor) }),
        };
        const outcome = searchAllTraffic(read.rereadable, pricing, constraints);
        if (opts.json === true) {
          json(outcome);
          return;
        }
        const usd = (n: number) => `$${n.toFixed(2)}`;
        io.stdout(
          [
            `as billed ${usd(outcome.asBilledUsd)}, as run ${usd(outcome.asRunUsd)}; ${outcome.evaluated} settings priced`,
            ...outcome.ranked.map(
              (r, i) =>
                `${String(i + 1).padStart(2)}. ${usd(r.totalUsd).padStart(12)}  ${r.choiceText}`,
            ),
            `keep models: ${usd(outcome.keepModels.totalUsd)}  ${outcome.keepModels.choiceText}`,
          ].join('\n') + '\n',
        );
      },
    );

  root
    .command('export')
    .description(
      'write the call records and the price rows as Parquet, for the SQL in sql/ (docs/sql.md)',
    )
    .argument('[paths...]', 'files and folders (read recursively)')
    .addOption(sourceOption())
    .requiredOption('--parquet <file>', 'write one row a call to FILE')
    .option(
      '--prices-parquet <file>',
      'write the price rows to FILE (default: beside the calls, NAME.prices.parquet)',
    )
    .addOption(pricesOption())
    .action(
      async (
        paths: string[],
        opts: InputOptions & { parquet: string; pricesParquet?: string; prices?: string },
        command: Command,
      ) => {
        const given = givenPaths(paths, opts);
        const out = {
          callsPath: resolve(io.cwd, opts.parquet),
          pricesPath: resolve(io.cwd, opts.pricesParquet ?? pricesPathBeside(opts.parquet)),
        };
        if (out.callsPath === out.pricesPath)
          command.error('error: --prices-parquet must differ from --parquet');
        const { read, pricing } = await readInput(given, opts.prices, io, { toolResults: true });
        try {
          const written = await exportParquet(read.calls, pricing, out);
          io.stdout(
            `wrote ${plural(written.calls, 'call')} to ${out.callsPath}\n` +
              `wrote ${plural(written.priceRows, 'price row')} to ${out.pricesPath}\n`,
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new UnreadableInputError(`cannot write the Parquet files: ${message}`);
        }
      },
    );
  return root;
}

function plural(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** Runs the command with `args` (without node and the script); resolves to the exit status. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    await program(io).parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_EXIT;
    if (error instanceof UnreadableInputError) {
      io.stderr(`context-cost-explorer: ${error.message}\n`);
      return UNREADABLE_EXIT;
    }
    io.stderr(`context-cost-explorer: ${error instanceof Error ? error.message : String(error)}\n`);
    return USAGE_EXIT;
  }
}
