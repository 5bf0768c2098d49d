#!/usr/bin/env node
// npm test: the type check and the suite side by side. tsc (TypeScript 7, native) takes some 4 s of
// CPU, which fits beside the suite's start instead of before it. The type check's output comes
// after the suite's; either failing fails the run.
// Arguments go to vitest: `npm test -- test/slack/e2e` runs part of the suite (tsc checks it all).
import { spawn } from 'node:child_process';
import { argv, execPath, exit, stdout } from 'node:process';
import { fileURLToPath } from 'node:url';

const bin = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

const typecheck = new Promise((resolve) => {
  let output = '';
  const child = spawn(execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', (code) => resolve({ code: code ?? 1, output }));
});

const suite = await new Promise((resolve) => {
  const child = spawn(execPath, [bin('vitest/vitest.mjs'), 'run', ...argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => resolve(code ?? 1));
});

const { code: typeErrors, output } = await typecheck;
if (typeErrors !== 0) stdout.write(`\ntsc -p tsconfig.json --noEmit found type errors:\n${output}`);
else stdout.write('tsc -p tsconfig.json --noEmit: no type errors\n');
exit(suite !== 0 ? suite : typeErrors);
