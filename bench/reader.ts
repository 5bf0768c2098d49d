/**
 * npm run bench:reader — the message reader's time per message (parse/messageReader.ts), over the
 * corpus of issue 44 (test/slack/parse/corpus.ts) and the reader's table (phrasings.ts), read in
 * this process at the suite's pinned clock: a warm-up round, then ROUNDS rounds, each message timed
 * alone, in wall time and in the process's CPU time (a shared machine's wall time counts other
 * processes' turns on the core). Goal: p99 ≤ 2 ms of CPU; it fails too when a message is not read, or a
 * corpus message not as its label says. A figure, not a test: the suite never times anything.
 */

import { loadavg } from 'node:os';
import { readMessage } from '../src/slack/parse/messageReader.js';
import { COMMAND_GRAMMAR } from '../src/slack/slackOperations/index.js';
import { corpus } from '../test/slack/parse/corpus.js';
import { phrasings } from '../test/slack/parse/phrasings.js';
import { PINNED_AT } from '../test/support/clocks.js';
import { Goals, percentile, round } from './harness.js';

const ROUNDS = Number(process.env.BENCH_READER_ROUNDS ?? 20);
const P99_GOAL_MS = 2;

// Each message once (a repeated one would time a reading the JIT has just seen).
const texts = [...new Set([...corpus.map((message) => message.text), ...phrasings.map((phrasing) => phrasing.text)])];
const read = (text: string) => readMessage(COMMAND_GRAMMAR, text, { now: PINNED_AT });

/** What a corpus label asks of a reading, in the reading's kind: a call, a question, an offer, or a free answer. */
const labelled = new Map(
  corpus.map((message) => [
    message.text,
    'call' in message.label ? 'call' : 'ask' in message.label ? 'ask' : 'offer' in message.label ? 'offer' : 'free',
  ]),
);
function kindOf(reading: ReturnType<typeof read>): string {
  if (reading.kind === 'command') return reading.parsed.kind === 'query' ? 'call' : 'free';
  return reading.kind === 'ask' ? 'ask' : reading.kind === 'subscribe' ? 'offer' : 'free';
}

// The first reading builds the lexicon; a round warms the JIT.
for (const text of texts) read(text);
const wall: number[] = [];
const cpu: number[] = [];
let delivered = 0;
let misread = 0;
for (let round = 0; round < ROUNDS; round++)
  for (const text of texts) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    const reading = read(text);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    delivered += 1;
    const wanted = labelled.get(text);
    if (wanted !== undefined && wanted !== kindOf(reading)) misread += 1;
  }

const figures = (times: readonly number[]) =>
  `p50 ${round(percentile(times, 50), 3)} ms, p99 ${round(percentile(times, 99), 3)} ms, max ${round(Math.max(...times), 3)} ms`;
console.log(`reader: ${texts.length} messages × ${ROUNDS} rounds, load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`  wall time per message: ${figures(wall)}`);
console.log(`  CPU time per message:  ${figures(cpu)}`);
// On a shared machine wall time counts the time other processes held the core; CPU time is the reader's own.
const p99 = percentile(cpu, 99);
const goals = new Goals();
// Work delivered: every message read every round, each corpus message as its label says (call, question, free).
const asked = texts.length * ROUNDS;
goals.check(
  'readings delivered as asked',
  delivered === asked && misread === 0,
  `${delivered} of ${asked} read, ${misread} not as labelled`,
);
goals.check('reader p99 per message (CPU)', p99 <= P99_GOAL_MS, `${round(p99, 3)} ms (goal ≤ ${P99_GOAL_MS} ms)`);
process.exitCode = goals.report();
