import type { Logger as BoltLogger, HTTPReceiverOptions } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Redactor } from '../../core/secrets.js';
import type { SlackConfig } from '../slackConfig.js';
import { GuardedHTTPReceiver } from './guardedReceiver.js';

type CustomRoutes = ConstructorParameters<typeof GuardedHTTPReceiver>[0]['customRoutes'];

/** HTTP mode's receiver: signed requests only, an answer for every request before Slack's 3 s, secrets out of its logs. */
export function httpReceiver(options: {
  config: SlackConfig;
  customRoutes: CustomRoutes;
  logger: Logger;
  boltLog: BoltLogger;
  redactor: Redactor;
  /** Add to Slack (oauthReceiverOptions): Bolt's install path, redirect and installation store. */
  oauth?: Partial<HTTPReceiverOptions>;
}): GuardedHTTPReceiver {
  const { config, logger, redactor } = options;
  return new GuardedHTTPReceiver({
    ...options.oauth,
    signingSecret: config.signingSecret,
    customRoutes: options.customRoutes,
    logger: options.boltLog,
    port: config.port,
    onRefused: (reason) => logger.warn(`refused a request to /slack/events: ${reason}`),
    redact: (text) => redactor.redact(text),
    // A request no listener takes (a kind this app does not handle) is acknowledged before Slack's
    // 3-second deadline instead of being left to time out.
    unhandledRequestTimeoutMillis: 2500,
    // Bolt failing on a request before any listener acked it is a request it could not read.
    processEventErrorHandler: async ({ error, response }) => {
      logger.warn({ err: error }, 'a request failed before it was acknowledged');
      if (response.headersSent) return false;
      response.writeHead(400);
      response.end();
      return true;
    },
    unhandledRequestHandler: ({ response }) => {
      if (response.headersSent) return;
      response.writeHead(200);
      response.end();
    },
  });
}
