import type { AllMiddlewareArgs, AnyMiddlewareArgs } from '@slack/bolt';
import type { Phrase } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import { replyRoute } from '../reply/responders.js';
import { formLang, workspaceLang } from '../requester/language.js';
import type { Requester } from '../requester/requester.js';
import type { Body, Origin } from '../requester/requestOrigin.js';

/**
 * A refused request acknowledged and told why, the way its kind allows: a workflow step fails with
 * the reason, the Home tab shows it instead of its contents, a form shows it on its first field, and
 * anything else gets it in the conversation (privately) or by direct message.
 */
export async function replyWithRefusal(
  args: AnyMiddlewareArgs & AllMiddlewareArgs,
  deps: SlackDeps,
  requester: Requester,
  where: Origin,
  refused: Phrase,
): Promise<void> {
  const { client } = args;
  const body = args.body as unknown as Body;
  const { userId } = requester;
  if (where.surface === 'workflow') {
    // Bolt leaves a function_executed event to the step's listener to acknowledge, which will not run.
    if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
    // A step configured without "run by" cannot be on a list of people: say what to set.
    const reason: Phrase =
      refused.key === 'access.user' && !where.userId ? { key: 'workflow.fail.needsRunner' } : refused;
    const fail = (args as { fail?: (result: { error: string }) => Promise<unknown> }).fail;
    await fail?.({ error: workspaceLang(requester.rules).t(reason) }).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'could not tell Slack that the workflow step was refused'),
    );
    return;
  }
  if (where.surface === 'home') {
    try {
      const { lang } = await requester.profile();
      await client.views.publish({
        user_id: userId,
        view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: lang.t(refused) } }] },
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not show the refusal on the App Home');
    }
    return;
  }
  const ack =
    'ack' in args && typeof args.ack === 'function' ? (args.ack as (response?: unknown) => Promise<void>) : undefined;
  if (body.type === 'view_submission') {
    const firstInput = (Array.isArray(body.view?.blocks) ? body.view.blocks : []).find(
      (block) => block?.type === 'input',
    )?.block_id;
    const lang = await formLang(requester);
    await ack?.(firstInput ? { response_action: 'errors', errors: { [firstInput]: lang.t(refused) } } : undefined);
    return;
  }
  await ack?.();
  if (body.type === 'view_closed' || body.type === 'block_suggestion') return;
  try {
    const { lang } = await requester.profile();
    const text = lang.t(refused);
    if (body.response_url || where.channelId) {
      await replyRoute(body.response_url, client, userId, where.channelId, deps).reply(renderNotice(text, lang));
    } else {
      await client.chat.postMessage({ channel: userId, text });
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not send the refusal');
  }
}
