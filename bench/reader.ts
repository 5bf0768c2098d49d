/**
 * npm run bench:reader — the message reader's time per message (parse/messageReader.ts), over the
 * corpus of issue 44 (test/slack/parse/corpus.ts) and the reader's table (phrasings.ts), read in
 * this process at the suite's pinned clock: a warm-up round, then ROUNDS rounds, each message timed
 * alone, in wall time and in the process's CPU time (a shared machine's wall time counts other
 * processes' turns on the core). Goal: p99 ≤ 2 ms of CPU; it fails too when a message is not read, or a
 * corpus message not as its label says. A figure, not a test: the suite never times anything.
 *
 * The messages are read with the names a workspace has seen (test/slack/parse/corpusFunds.ts), as
 * the app reads them. Then the directory of names (core/names/nameDirectory.ts) at 20,000 funds and
 * 5,000 companies: its memory, the time to build it from what the store keeps, and the time to read
 * the corpus with it (a fund named found, a close name looked for).
 */

import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { NameDirectory, type SeenNamesData } from '../src/core/names/nameDirectory.js';
import { readNamedMessage } from '../src/slack/parse/readNamedMessage.js';
import { COMMAND_GRAMMAR } from '../src/slack/slackOperations/index.js';
import { corpus } from '../test/slack/parse/corpus.js';
import { SEEN_NAMES } from '../test/slack/parse/corpusFunds.js';
import { phrasings } from '../test/slack/parse/phrasings.js';
import { PINNED_AT } from '../test/support/clocks.js';
import { Goals, percentile, round } from './harness.js';

const ROUNDS = Number(process.env.BENCH_READER_ROUNDS ?? 20);
const P99_GOAL_MS = 2;

// Each message once (a repeated one would time a reading the JIT has just seen).
const texts = [...new Set([...corpus.map((message) => message.text), ...phrasings.map((phrasing) => phrasing.text)])];
const SEEN = new NameDirectory(SEEN_NAMES);
const read = (text: string) => readNamedMessage(COMMAND_GRAMMAR, text, { now: PINNED_AT, names: SEEN });

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

// The directory at the size of the fund market: 20,000 funds (names as fund companies write them) and 5,000 companies.
const MANAGERS = [
  '易方达',
  '华夏',
  '南方',
  '嘉实',
  '广发',
  '富国',
  '汇添富',
  '博时',
  '招商',
  '工银瑞信',
  '鹏华',
  '中欧',
  '景顺长城',
  '兴证全球',
  '交银施罗德',
  '国泰',
  '华安',
  '银华',
  '天弘',
  '大成',
];
const THEMES = [
  '蓝筹精选',
  '成长优选',
  '价值发现',
  '消费升级',
  '医疗健康',
  '新能源',
  '科技创新',
  '高端制造',
  '稳健收益',
  '红利',
  '沪深300',
  '中证500',
  '创业板',
  '军工',
  '半导体',
  '先进制造',
  '品质生活',
  '均衡配置',
  '核心资产',
  '远见',
  '睿享',
  '鑫安',
  '恒利',
  '安康',
  '致远',
];
const KINDS = ['混合', '股票', '债券', '指数增强', 'ETF联接', '灵活配置混合', '纯债债券', '货币'];
const CLASSES = ['A', 'C', 'E', 'Y', 'D'];
function largeDirectory(): SeenNamesData {
  const funds: Array<[string, string]> = [];
  let serial = 0;
  outer: for (const manager of MANAGERS)
    for (const theme of THEMES)
      for (const kind of KINDS)
        for (let series = 0; series < 3; series++)
          for (const shareClass of CLASSES) {
            if (funds.length === 20_000) break outer;
            const name = `${manager}${theme}${series > 0 ? ['', '二号', '三年持有'][series] : ''}${kind}${shareClass}`;
            funds.push([String(100_000 + serial++).padStart(6, '0'), name]);
          }
  const cities = ['杭州', '上海', '深圳', '北京', '苏州', '宁波', '南京', '成都', '武汉', '广州'];
  const brands = ['华信', '恒远', '中联', '正泰', '天华', '舜宇', '明阳', '金诚', '远景', '海康', '新纪元', '东方'];
  const trades = ['科技', '光伏', '电子', '软件', '建设', '新能源', '环保', '医药', '物流', '电力', '机械', '材料'];
  const companies: string[] = [];
  for (const city of cities)
    for (const brand of brands)
      for (const trade of trades)
        for (const suffix of ['有限公司', '股份有限公司', '集团有限公司', '工程有限公司'])
          if (companies.length < 5_000) companies.push(`${city}${brand}${trade}${suffix}`);
  return { funds, companies };
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const data = largeDirectory();
const stored = JSON.stringify(data);
const heapBefore = heap();
const buildStart = process.hrtime.bigint();
const large = new NameDirectory(JSON.parse(stored) as SeenNamesData);
// The indexes are built on first use, as when a message is read.
large.fundsIn('易方达蓝筹精选的规模');
large.closeCompany('杭洲华信');
const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
const heapAfter = heap();
/** The CPU time of `work`, in milliseconds (the process's own, as the reader's figure above). */
function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
const lookups: number[] = [];
const readings: number[] = [];
for (let round = 0; round < 5; round++)
  for (const text of texts) {
    lookups.push(cpuMs(() => large.fundsIn(text)));
    readings.push(cpuMs(() => readNamedMessage(COMMAND_GRAMMAR, text, { now: PINNED_AT, names: large })));
  }
const misspelt = ['杭洲华信', '上海恒运软件', '易方达兰筹精选混合', '华厦成长混合', '深圳中连电子'];
const close: number[] = [];
for (let round = 0; round < 20; round++)
  for (const name of misspelt)
    close.push(
      cpuMs(() => {
        large.closeCompany(name);
        large.closeFunds(name);
      }),
    );
const { funds, companies } = large.size;
const megabytes = (bytes: number) => `${round(bytes / 1024 / 1024, 1)} MB`;
console.log(`names: ${funds} funds and ${companies} companies in one workspace's directory`);
console.log(
  `  kept in the store as ${megabytes(Buffer.byteLength(stored))} of JSON; built from it in ${round(buildMs, 1)} ms`,
);
console.log(`  memory (heap, indexes built): ${megabytes(heapAfter - heapBefore)}`);
console.log(`  a fund named, looked for in a message (CPU): ${figures(lookups)}`);
console.log(`  a message read with the directory (CPU):     ${figures(readings)}`);
console.log(`  a close company and fund name found (CPU):   ${figures(close)}`);
goals.check('names: 20,000 funds held', funds === 20_000, `${funds} funds, ${companies} companies`);
process.exitCode = goals.report();
