import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { readMessage } from '../parse/messageReader.js';
import type { Requester } from '../requester/requester.js';
import { COMMAND_GRAMMAR } from '../slackOperations/index.js';
import { PROMPTS } from './converse.js';

/**
 * The suggested prompts of the app's Messages tab, in the person's language: each a message that runs
 * a lookup the demo answers (`000001 的规模`, `CL daily 30`), its title saying what it costs. Set when
 * they open the tab (app_home_opened with tab "messages", which in the agent messaging experience
 * replaces assistant_thread_started: https://docs.slack.dev/ai/migrating-to-agent-messaging/), for the
 * whole conversation: without thread_ts, which "will cause the call to silently fail" for an agent
 * app (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts, at most four).
 * A workspace without the agent features refuses the call; that is logged, and the tab works as a
 * plain direct message.
 */
export async function offerPrompts(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  channelId: string,
): Promise<void> {
  try {
    const { lang } = await requester.profile();
    const prompts = PROMPTS.map((name) => {
      const message = lang.t(`conversation.prompts.${name}.messageExample`);
      const reading = readMessage(COMMAND_GRAMMAR, message, { now: deps.now() });
      const operation =
        reading.kind === 'command' && reading.parsed.kind === 'query' ? reading.parsed.operation : undefined;
      const title = lang.t(`conversation.prompts.${name}.title`);
      return {
        title: operation
          ? `${title} · ${lang.t('common.coins', { count: deps.prices.priceOf(operation).coins })}`
          : title,
        message,
      };
    });
    await client.assistant.threads.setSuggestedPrompts({
      channel_id: channelId,
      title: lang.t('conversation.prompts.title'),
      prompts,
    });
  } catch (error) {
    deps.logger.info({ err: error, channelId }, 'could not set the suggested prompts of the Messages tab');
  }
}
