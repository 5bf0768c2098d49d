/**
 * npm run bench:reader — the message reader's time per message (parse/messageReader.ts), over the
 * corpus of issue 44 (test/slack/parse/corpus.ts) and the reader's table (phrasings.ts), read in
 * this process at the suite's pinned clock: a warm-up round, then ROUNDS rounds, each message timed
 * alone. Goal: p99 ≤ 2 ms. A figure, not a test: the suite never times anything.
 */

import { COMMAND_GRAMMAR } from '../src/slack/operations/index.js';
import { readMessage } from '../src/slack/parse/messageReader.js';
import { corpus } from '../test/slack/parse/corpus.js';
import { phrasings } from '../test/slack/parse/phrasings.js';
import { PINNED_AT } from '../test/support/clocks.js';
import { Goals, percentile, round } from './harness.js';

const ROUNDS = Number(process.env.BENCH_READER_ROUNDS ?? 20);
const P99_GOAL_MS = 2;

const texts = [...corpus.map((message) => message.text), ...phrasings.map((phrasing) => phrasing.text)];
const read = (text: string) => readMessage(COMMAND_GRAMMAR, text, { now: PINNED_AT });

// The first reading builds the lexicon; a round warms the JIT.
for (const text of texts) read(text);
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++)
  for (const text of texts) {
    const start = process.hrtime.bigint();
    read(text);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }

const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
console.log(
  `reader: ${texts.length} messages × ${ROUNDS} rounds: p50 ${round(p50, 3)} ms, p99 ${round(p99, 3)} ms, ` +
    `max ${round(Math.max(...times), 3)} ms`,
);
const goals = new Goals();
goals.check('reader p99 per message', p99 <= P99_GOAL_MS, `${round(p99, 3)} ms (goal ≤ ${P99_GOAL_MS} ms)`);
process.exitCode = goals.report();
