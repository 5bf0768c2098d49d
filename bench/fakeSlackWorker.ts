/**
 * The fake Slack of bench:workspaces in a thread of its own: Slack's limits are judged by when a
 * call reaches it, and in the app's thread that would be when the app's busy event loop let the
 * fake read it, not when the app sent it. The bench drives it with messages (workspaceSlack.ts).
 */
import { parentPort } from 'node:worker_threads';
import { startFakeSlack } from '../test/support/slack/index.js';

const fake = await startFakeSlack({ enforceLimits: true });
const port = parentPort!;
port.on('message', (message: { id: number; type: string; [key: string]: unknown }) => {
  const answer = (value: unknown) => port.postMessage({ id: message.id, value });
  switch (message.type) {
    case 'approve':
      fake.oauth.approveNextInstall(message.target as Parameters<typeof fake.oauth.approveNextInstall>[0]);
      return answer(null);
    case 'redirect':
      fake.oauth.redirectUri = String(message.uri);
      return answer(null);
    case 'calls': {
      const now = Date.now();
      const calls = fake.calls().slice(Number(message.from));
      return answer({
        total: fake.calls().length,
        refused: fake.limits!.refusedInAll,
        calls: calls.map((call) => {
          const issued = call.token ? fake.oauth.check(call.token, now) : undefined;
          return {
            method: call.method,
            channel: call.args.channel === undefined ? undefined : String(call.args.channel),
            reply: call.args.thread_ts !== undefined,
            status: call.status,
            at: call.at,
            teamId: issued && 'install' in issued ? issued.install.teamId : undefined,
          };
        }),
      });
    }
    case 'close':
      return void fake.close().then(() => answer(null));
  }
});
port.postMessage({
  ready: {
    apiUrl: fake.apiUrl,
    authorizeUrl: fake.authorizeUrl,
    clientId: fake.oauth.clientId,
    clientSecret: fake.oauth.clientSecret,
  },
});
