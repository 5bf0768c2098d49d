import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most test files wait on sockets, child processes and Redis rather than on the CPU, so one
    // worker more than the cores finishes sooner (two cores: 84 s with 2 workers, 62 s with 3).
    maxWorkers: availableParallelism() + 1,
  },
});
