/**
 * npm run bench:profile -- <file.cpuprofile> [top] — what a `node --cpu-prof` profile spent its time
 * on: self time by function, by file and by package (node_modules/<name>, node: internals, this
 * project's src/), so the place to optimise is read from the profile rather than guessed.
 * `npm run bench:ack -- --profile` writes the profile of the app under load.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function summariseProfile(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const tally = (keyOf: (node: ProfileNode) => string) => {
    const sums = new Map<string, number>();
    for (const [id, us] of selfUs) {
      const key = keyOf(byId.get(id)!);
      sums.set(key, (sums.get(key) ?? 0) + us);
    }
    return [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
  };
  const shortUrl = (url: string) =>
    url
      .replace(/^file:\/\//, '')
      .replace(/^.*\/node_modules\//, 'node_modules/')
      .replace(/^.*?\/(src|bench|test)\//, '$1/');
  const packageOf = (node: ProfileNode) => {
    const url = node.callFrame.url;
    if (!url) return node.callFrame.functionName ? `(${node.callFrame.functionName})` : '(native)';
    if (url.startsWith('node:')) return 'node: internals';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    return shortUrl(url).split('/').slice(0, 2).join('/');
  };
  const table = (title: string, rows: Array<[string, number]>) =>
    `${title}\n${rows.map(([key, us]) => `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`).join('\n')}`;
  return [
    `total sampled ${(total / 1000).toFixed(0)} ms`,
    table('self time by package', tally(packageOf)),
    table(
      'self time by file',
      tally((node) => shortUrl(node.callFrame.url) || '(native)'),
    ),
    table(
      'self time by function',
      tally(
        (node) =>
          `${node.callFrame.functionName || '(anonymous)'}  ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`,
      ),
    ),
  ].join('\n\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run bench:profile -- <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(process.argv[3] ?? 25)));
}
