import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/buildBeforeSuite.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most test files wait on sockets, child processes and Redis rather than on the CPU (the suite
    // keeps two cores some 70% busy), so two workers a core finish sooner (two cores, with the
    // imports shared: 68 s with 3 workers, 55 s with 4).
    maxWorkers: availableParallelism() * 2,
    // A worker imports the app once for all its files instead of once per file: the module graph
    // (Bolt, the chart libraries, the simulator) took some 60 s of the suite's time summed over
    // workers. The files share no state through modules: each builds its own app, clock, store and
    // Redis prefix, and restores real timers it faked.
    isolate: false,
  },
});
