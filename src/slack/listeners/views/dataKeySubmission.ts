import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import {
  DATA_KEY_EXAMPLE,
  DATA_KEY_MAX_LENGTH,
  DATA_KEY_MIN_LENGTH,
  readDataKey,
} from '../../../core/workspaces/workspaceKeys.js';
import { AnswerDeadline } from '../../calls/answerDeadline.js';
import type { SlackDeps } from '../../deps.js';
import { mayChangeKey } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { DATA_KEY_BLOCK, typedDataKey } from '../../modals/dataKeyForm.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** How each shape problem is said on the form. */
const PROBLEM = {
  empty: 'modals.dataKey.problem.empty',
  spaces: 'modals.dataKey.problem.spaces',
  characters: 'modals.dataKey.problem.characters',
  slackToken: 'modals.dataKey.problem.slackToken',
  tooShort: 'modals.dataKey.problem.tooShort',
  tooLong: 'modals.dataKey.problem.tooLong',
} as const;

/**
 * The form of the workspace's own data-service key. Checked again here, whatever the form was:
 * the person must be an admin (flows/permissions.ts) and the key of a key's shape (the service has
 * no free way to test a key, and a paid call would charge its owner). Problems go back onto the
 * form and never echo the key; a key saved is sealed (core/workspaces/workspaceKeys.ts), logged by
 * its id only, and the Home is published again to show its last four characters.
 */
export function dataKeySubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const deadline = new AnswerDeadline();
    const requester = requesterOf(context);
    const { teamId, userId } = requester;
    const lang = await formLang(requester);
    const errorOn = (text: string) => ack({ response_action: 'errors', errors: { [DATA_KEY_BLOCK]: text } });
    const admin = await deadline.within(mayChangeKey(requester));
    if (!admin.known || !admin.value) return errorOn(lang.t('modals.dataKey.adminsOnly'));
    const keys = deps.workspaceKeys;
    if (!keys) return errorOn(lang.t('home.dataKey.unavailable'));
    const read = readDataKey(typedDataKey(view.state?.values) ?? '');
    if ('problem' in read)
      return errorOn(
        lang.t(PROBLEM[read.problem], {
          min: DATA_KEY_MIN_LENGTH,
          max: DATA_KEY_MAX_LENGTH,
          example: DATA_KEY_EXAMPLE,
        }),
      );
    await ack();
    try {
      const saved = await keys.set(teamId, read.apiKey, userId);
      deps.logger.info({ teamId, userId, keyId: saved.keyId }, "workspace's own data-service key set");
    } catch (error) {
      deps.logger.error({ err: error, teamId, userId }, "could not save the workspace's data-service key");
      await client.chat
        .postMessage({ channel: body.user.id, text: lang.t('modals.dataKey.storeDown') })
        .catch(() => undefined);
      return;
    }
    await publishHome(deps, client, { ...requester, userId }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not refresh the App Home'),
    );
  };
}
