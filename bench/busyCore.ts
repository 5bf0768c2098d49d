import { spawn } from 'node:child_process';

/**
 * Runs `work` while another process spins on one CPU core, as a neighbour on a shared CI machine
 * would: timers fire late and the event loop lags, which is when a limiter shows whether it keeps
 * its guarantees.
 */
export async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    // Let it reach full speed before measuring.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return await work();
  } finally {
    spinner.kill('SIGKILL');
  }
}
