import process from 'node:process';
import { type AppConfig, readConfig } from '../config.js';
import { ConfigError, ValidationError } from '../core/errors.js';
import { explainError } from '../core/explainError.js';
import { createLogger } from '../core/logger.js';
import { findOperation, OPERATION_IDS, type OperationId, operations, typedNameOf } from '../core/operations/index.js';
import { Redactor, secretsOf } from '../core/secrets.js';
import { type CoreRuntime, createCoreRuntime } from '../runtime.js';
import { parseFlags, parseKeyValues } from './args.js';
import { runChartCommand } from './chartCommand.js';
import { runConsole } from './console.js';
import { DB_USAGE, runDbCommand } from './dbCommand.js';
import { ping } from './ping.js';
import { runSecretsCommand } from './secretsCommand.js';

const USAGE = `dq — the data service from the command line

  dq call <operation> key=value …   call one operation, print the result as JSON
  dq ping                           check configuration, reachability and the API key (spends nothing)
  dq console [--demo] [--out dir]   type Slack commands, see the replies as text; files go to dir
                                    (the demo's default: a temporary folder, removed at the end)
  dq chart <command text> [--out f.png] [--demo]
                                    draw a reply's chart into a PNG as QuickChart would, e.g.
                                    dq chart futures CL 5m 30 --demo (needs the dev dependencies)
  dq secrets rotate                 seal every stored secret (installed workspaces' tokens) again under
                                    SECRETS_KEY, reading the old ones with SECRETS_KEYS_PREVIOUS
${DB_USAGE}
  add --demo to use the built-in simulator instead of the real service

operations (cost per call):
${OPERATION_IDS.map((id) => `  ${typedNameOf(id).padEnd(11)} ${id} (${operations[id].cost} coins${operations[id].costPublished ? '' : ', assumed'}; DATA_API_COSTS overrides), e.g. ${operations[id].example}`).join('\n')}
`;

/** Said after configuration problems when the command could run on the built-in simulator instead. */
const SIMULATOR_HINTS: Partial<Record<string, string>> = {
  console: 'To try it on the built-in simulator instead: npm run demo\n',
  chart: 'To draw it from the built-in simulator instead: add --demo\n',
};

async function main(argv: string[]): Promise<number> {
  const flags = parseFlags(argv);
  const [command, ...words] = flags.rest;
  if (!command || flags.help || command === 'help') {
    process.stdout.write(USAGE);
    return command || flags.help ? 0 : 2;
  }
  const consoleWords = command === 'console' ? readConsoleWords(words) : { rest: words };
  if ((command === 'console' || command === 'ping') && consoleWords.rest.length > 0) {
    // An option that is not understood must not be silently dropped: the user meant something by it.
    const word = consoleWords.rest[0]!;
    process.stderr.write(
      `dq ${command}: ${word.startsWith('-') ? 'unknown option' : 'unexpected word'} "${word}"; e.g. npm run dq -- ${command} --demo\n\n${USAGE}`,
    );
    return 2;
  }
  if (!['console', 'chart', 'call', 'ping', 'db', 'secrets'].includes(command)) {
    process.stderr.write(`dq: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const { config, problems } = readConfig(process.env, { inSlack: false, demo: flags.demo });
  if (problems) {
    process.stderr.write(`${new ConfigError(problems).message}\n${flags.demo ? '' : (SIMULATOR_HINTS[command] ?? '')}`);
    return 2;
  }
  // At the console a failed lookup is already explained in its reply; a log line would repeat it.
  const redactor = new Redactor(secretsOf(config));
  const logger = createLogger({
    level: config.logLevel ?? (command === 'console' ? 'error' : 'warn'),
    destination: 2,
    redactor,
  });
  if (command === 'console') {
    try {
      return await runConsole({
        config,
        logger,
        input: process.stdin,
        output: process.stdout,
        ...(consoleWords.out ? { exportDirectory: consoleWords.out } : {}),
      });
    } catch (error) {
      return report(error, config);
    }
  }
  if (command === 'chart') {
    try {
      return await runChartCommand({ words, config, logger, output: process.stdout, errorOutput: process.stderr });
    } catch (error) {
      return report(error, config);
    }
  }
  if (command === 'db') {
    try {
      return await runDbCommand({ words, config, logger, output: process.stdout, errorOutput: process.stderr });
    } catch (error) {
      return report(error, config);
    }
  }
  if (command === 'secrets') {
    try {
      return await runSecretsCommand({ words, config, output: process.stdout, errorOutput: process.stderr });
    } catch (error) {
      process.stderr.write(`dq secrets: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  }
  let runtime: CoreRuntime | undefined;
  try {
    runtime = await createCoreRuntime(config, { logger, onSecret: (secret) => redactor.add(secret) });
    return command === 'ping' ? await ping(runtime) : await call(runtime, words, config);
  } catch (error) {
    return report(error, config);
  } finally {
    await runtime?.close();
  }
}

/** `--out <dir>` (or `--out=<dir>`) after `dq console`; any other word is left in `rest`, to be refused. */
function readConsoleWords(words: readonly string[]): { out?: string; rest: string[] } {
  const rest: string[] = [];
  let out: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word === '--out' && words[index + 1] !== undefined) out = words[++index];
    else if (word.startsWith('--out=') && word.length > '--out='.length) out = word.slice('--out='.length);
    else rest.push(word);
  }
  return out === undefined ? { rest } : { out, rest };
}

async function call(runtime: CoreRuntime, words: string[], config: AppConfig): Promise<number> {
  const [name, ...pairs] = words;
  const definition = name ? findOperation(name) : undefined;
  if (!definition) {
    process.stderr.write(
      `dq call: ${name ? `unknown operation "${name}"` : 'which operation?'}; one of ${OPERATION_IDS.map((id) => typedNameOf(id)).join(', ')}\n`,
    );
    return 2;
  }
  const { values, loose } = parseKeyValues(pairs);
  if (loose.length > 0) {
    process.stderr.write(
      `dq call: expected key=value, got "${loose.join(' ')}"; e.g. dq call ${typedNameOf(definition)} ${definition.example}\n`,
    );
    return 2;
  }
  const id = definition.id as OperationId;
  const answer = await runtime.client.call(
    id,
    values,
    { teamId: 'cli', userId: config.user ?? 'cli', source: 'cli' },
    {
      onWait: (ms) => process.stderr.write(`waiting about ${Math.ceil(ms / 1000)} s for a rate-limit slot…\n`),
    },
  );
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  const where =
    answer.source === 'upstream'
      ? `from the service, taskNo ${answer.taskNo ?? 'n/a'}`
      : `from ${answer.source === 'cache' ? 'cache' : 'a shared call'}, ${Math.round(answer.ageMs / 1000)} s old`;
  process.stderr.write(`${answer.coinsSpent} coins spent (${where})${runtime.simulator ? ' — SIMULATED data' : ''}\n`);
  return 0;
}

function report(error: unknown, config: AppConfig): number {
  const explanation = explainError(error, Date.now(), config.defaultTimeZone);
  process.stderr.write(`error: ${explanation.summary}\n${explanation.details.map((d) => `  ${d}\n`).join('')}`);
  if (explanation.taskNo) process.stderr.write(`  taskNo ${explanation.taskNo}\n`);
  if (error instanceof ValidationError) {
    const known = operations[error.operation as OperationId];
    process.stderr.write(`  e.g. dq call ${known ? typedNameOf(known) : error.operation} ${error.example ?? ''}\n`);
    return 2;
  }
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
