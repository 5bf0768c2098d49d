import { createServer } from 'node:net';

/** The most events that fall in any window of `windowMs` (a sliding window, as the service counts). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** Below the kernel's ephemeral range (32768–60999 on Linux), which every listen(0) and outgoing connection draws from. */
const FIXED_PORTS = { from: 20_000, count: 10_000 };

/**
 * A TCP port nothing listens on right now, for a child process that binds it seconds later. Taken
 * outside the ephemeral range: a port handed out by listen(0) could be handed to another test's
 * server (or client socket) in the seconds before the child binds it, and the test would talk to
 * that server instead.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIXED_PORTS.from + Math.floor(Math.random() * FIXED_PORTS.count);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
