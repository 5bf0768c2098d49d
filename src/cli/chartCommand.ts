import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { CHART_JS_VERSION, quickChartUrl } from '../charts/quickChart.js';
import { ChartRenderError, renderChartText, renderQuickChart } from '../charts/renderQuickChart.js';
import type { AppConfig } from '../config.js';
import { ValidationError } from '../core/errors.js';
import { explainError } from '../core/explainError.js';
import type { OperationId } from '../core/operations/index.js';
import { english, FALLBACK_LOCALE, type Locale, langFor, readLocale } from '../i18n/lang.js';
import { type CoreRuntime, createCoreRuntime } from '../runtime.js';
import { CHARTED_OPERATIONS, chartPlanFor } from '../slack/flows/chartFor.js';
import { commandExample, readCommand } from '../slack/flows/routeCommand.js';
import { DQ_COMMAND } from '../slack/parse/parseCommand.js';
import { operationTitle } from '../slack/render/operationTitle.js';

export interface ChartCommandOptions {
  /** The words after `dq chart`, without --demo: the slash command's text and `--out <file>`. */
  words: string[];
  /** Read by the caller, whose --demo it carries; problems with it are the caller's to report. */
  config: AppConfig;
  logger: Logger;
  output: Writable;
  errorOutput: Writable;
  /** Where a relative --out (and the default file) goes; the current directory when not given. */
  cwd?: string;
  /** A runtime built by the caller (tests); left open. */
  runtime?: CoreRuntime;
}

export const CHART_USAGE = `dq chart <command text> [--demo] [--out file.png|folder] [--lang en|zh]
  draws the chart a reply would carry, as the app (or QuickChart, with CHART_RENDERER=quickchart) would, into a PNG, e.g.
    dq chart futures CL 5m 30 --demo --out cl.png
    dq chart /fund-asset 000001 page:2 --demo --lang zh
  QUICKCHART_CANDLESTICK, CHART_COLORS, QUICKCHART_WIDTH/HEIGHT, DEFAULT_TZ and DEFAULT_LOCALE apply
  as in the app; --lang draws the chart's texts in another language.
`;

class UsageError extends Error {}

function readLang(text: string | undefined): Locale {
  const locale = readLocale(text);
  if (!locale) throw new UsageError(`--lang takes en or zh${text ? `, not "${text}"` : ''}`);
  return locale;
}

function readWords(words: readonly string[]): { text: string; out?: string; locale?: Locale } {
  const rest: string[] = [];
  let out: string | undefined;
  let locale: Locale | undefined;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (word === '--out' || word === '-o') {
      out = words[index + 1];
      if (out === undefined) throw new UsageError('--out needs a file name, e.g. --out cl.png');
      index += 1;
    } else if (word.startsWith('--out=')) out = word.slice('--out='.length);
    else if (word === '--lang') {
      locale = readLang(words[index + 1]);
      index += 1;
    } else if (word.startsWith('--lang=')) locale = readLang(word.slice('--lang='.length));
    else if (word.startsWith('--')) throw new UsageError(`unknown option ${word}`);
    else rest.push(word);
  }
  return { text: rest.join(' ').trim(), ...(out ? { out } : {}), ...(locale ? { locale } : {}) };
}

/** "futures CL 5m 30" → futures-CL-5m-30.png. */
export function defaultFileName(text: string): string {
  const slug = text
    .replace(/^[/／]+/, '')
    .replace(/[^\p{L}\p{N}.]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'chart'}.png`;
}

/** `--out` naming a folder (one that exists, or written with a trailing slash) gets the chart's own file name inside it. */
function chartFile(cwd: string, out: string, text: string): string {
  const path = resolve(cwd, out);
  const isFolder = /[/\\]$/.test(out) || statSync(path, { throwIfNoEntry: false })?.isDirectory();
  return isFolder ? join(path, defaultFileName(text)) : path;
}

function splitCommand(text: string): [string, string] {
  if (!/^[/／]/.test(text)) return [DQ_COMMAND, text];
  const space = text.search(/\s/);
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}

/** The operation and input the text asks for, or why it makes no chart. */
function chartedQuery(text: string): { operation: OperationId; input: Record<string, string> } {
  const [command, rest] = splitCommand(text);
  const parsed = readCommand(command, rest);
  const charted = CHARTED_OPERATIONS.map((id) => commandExample(id, english)).join(' or ');
  switch (parsed.kind) {
    case 'query':
      if (!CHARTED_OPERATIONS.includes(parsed.operation)) {
        throw new UsageError(
          `${operationTitle(parsed.operation, english)} answers have no chart; charts come with ${charted}`,
        );
      }
      return { operation: parsed.operation, input: parsed.input };
    case 'invalid':
      throw new UsageError(`${english.t(parsed.message)} For example: ${parsed.example}`);
    case 'open_modal':
      throw new UsageError(
        `${commandExample(parsed.operation, english).split(' ')[0]} needs its arguments here, e.g. dq chart ${commandExample(parsed.operation, english)}`,
      );
    default:
      throw new UsageError(`"${text}" has no chart; charts come with ${charted}`);
  }
}

/**
 * `dq chart <text>`: runs the lookup the text asks for (on the simulator with --demo), builds the
 * chart the reply would carry and draws it as the app (or QuickChart) would into a PNG. Prints the file, the
 * caption and how Slack would get the image. Resolves with the exit code.
 */
export async function runChartCommand(options: ChartCommandOptions): Promise<number> {
  const { output, errorOutput, config } = options;
  const { charts: settings, defaultTimeZone: timeZone } = config;
  const say = (text: string) => output.write(`${text}\n`);
  let query: { operation: OperationId; input: Record<string, string> };
  let file: string;
  let locale: Locale;
  try {
    const words = readWords(options.words);
    const { text, out } = words;
    if (!text) throw new UsageError('which chart? Give the text of a /futures or /fund-asset command');
    query = chartedQuery(text);
    file = chartFile(options.cwd ?? process.cwd(), out ?? defaultFileName(text), text);
    // The chart a reader of the workspace's language would get, unless asked for another.
    locale = words.locale ?? config.slack.workspaceLocale ?? FALLBACK_LOCALE;
  } catch (error) {
    if (error instanceof UsageError) {
      errorOutput.write(`dq chart: ${error.message}\n\n${CHART_USAGE}`);
      return 2;
    }
    throw error;
  }

  const runtime = options.runtime ?? (await createCoreRuntime(config, { logger: options.logger }));
  try {
    const answer = await runtime.client.call(query.operation, query.input, {
      teamId: 'cli',
      userId: config.user ?? 'cli',
      source: 'cli',
    });
    const plan = chartPlanFor(answer, settings, timeZone, langFor(locale))!;
    if (plan.kind === 'none') {
      errorOutput.write(`dq chart: no chart for this answer. ${plan.note}\n`);
      return 1;
    }
    const rendered =
      plan.kind === 'image'
        ? renderQuickChart(plan.url)
        : renderChartText({
            chart: plan.chart,
            width: plan.width,
            height: plan.height,
            backgroundColor: 'white',
            devicePixelRatio: 2,
            version: CHART_JS_VERSION,
          });
    const png = rendered.png;
    rendered.chart.destroy();
    try {
      await writeFile(file, png);
    } catch (error) {
      errorOutput.write(`dq chart: could not write ${file}: ${(error as NodeJS.ErrnoException).code ?? error}\n`);
      return 1;
    }
    say(`${file} (${rendered.imageWidth}×${rendered.imageHeight})`);
    say(plan.caption);
    if (plan.kind === 'image') {
      say(`image_url: ${plan.url.length} characters (Slack allows 3000)${runtime.simulator ? '; simulated data' : ''}`);
    } else if (plan.kind === 'render') {
      say(
        settings.renderer === 'native'
          ? `drawn by the app (CHART_RENDERER=native): in a Slack message, Slack draws the reply's chart itself from its values${runtime.simulator ? '; simulated data' : ''}`
          : `drawn by the app (CHART_RENDERER=local): Slack gets it from ${settings.local?.publicUrl ?? 'PUBLIC_URL'}/charts/…${runtime.simulator ? '; simulated data' : ''}`,
      );
    } else {
      const longest = quickChartUrl(plan.chart, settings).length;
      say(
        settings.hosted
          ? `too long for an image_url (${longest} characters): Slack gets it through a QuickChart short URL`
          : `too long for an image_url (${longest} characters): a self-hosted QuickChart has no short URLs, so Slack gets the note instead`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof ChartRenderError) {
      errorOutput.write(`dq chart: ${error.message}\n`);
      return 1;
    }
    // The explanation may promise that the cause was logged.
    if (!(error instanceof ValidationError)) options.logger.error({ err: error }, 'dq chart failed');
    const explanation = explainError(error, Date.now(), timeZone);
    errorOutput.write(
      `dq chart: ${explanation.summary}\n${explanation.details.map((detail) => `  ${detail}\n`).join('')}`,
    );
    if (error instanceof ValidationError) {
      errorOutput.write(`  e.g. dq chart ${commandExample(query.operation, english)}\n`);
      return 2;
    }
    return 1;
  } finally {
    if (!options.runtime) await runtime.close();
  }
}
