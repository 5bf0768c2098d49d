import net from 'node:net';

/**
 * Every TCP connection this process opens while recording, as `host:port`: undici (its own agents
 * included), Node's fetch, http and https, the Slack SDK, a QuickChart request — all of them open
 * their sockets through net.Socket#connect, so nothing that leaves the process is missed, whatever
 * dispatcher or client it goes through. The host is recorded as asked for, before any DNS lookup.
 */
export function recordConnections(): { hosts(): string[]; stop(): void } {
  const seen: string[] = [];
  const original = net.Socket.prototype.connect;
  // connect(options), connect(path), connect(port, host) and connect([options, callback]) from the internals.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    if (typeof first === 'object' && first !== null && 'port' in first) {
      const options = first as { host?: string; port?: number | string };
      seen.push(`${options.host ?? 'localhost'}:${options.port}`);
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      seen.push(`${typeof args[1] === 'string' ? args[1] : 'localhost'}:${first}`);
    } else if (typeof first === 'string') {
      seen.push(`unix:${first}`);
    }
    return (original as (...given: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  return {
    hosts: () => [...seen],
    stop: () => {
      net.Socket.prototype.connect = original;
    },
  };
}
