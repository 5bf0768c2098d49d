import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { DigestInputError, type DigestInputField } from '../../core/digest/service.js';
import type { SlackDeps } from '../deps.js';
import { mayAdd } from '../flows/permissions.js';
import { publishHome } from '../flows/publishHome.js';
import { requesterOf, formLang } from '../middleware/whoIsAsking.js';
import { DIGEST_FIELDS, readDigestForm } from '../modals/digestForm.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The form block that shows a refused part of the request. */
const BLOCK_OF: Record<DigestInputField, string> = {
  cadence: DIGEST_FIELDS.cadence,
  time: DIGEST_FIELDS.time,
  filter: DIGEST_FIELDS.filter,
  timeZone: DIGEST_FIELDS.timeZone,
  lang: DIGEST_FIELDS.lang,
  channel: DIGEST_FIELDS.channel,
};

/** The "add a digest" form: problems go back onto the form in the requester's language; success closes it and refreshes the Home. */
export function digestAddSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const requester = requesterOf(context);
    const { teamId, refusalIn } = requester;
    const lang = await formLang(deps, requester);
    if (!mayAdd(deps, body.user.id)) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: lang.t('digests.command.adminsOnly') } });
      return;
    }
    const form = readDigestForm(view.state?.values);
    if (!form.channelId) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: lang.t('modals.digestForm.chooseChannel') } });
      return;
    }
    // The requester passed the allowlists on the way in; the channel they chose must pass them too.
    const refused = refusalIn(form.channelId);
    if (refused) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: lang.t(refused) } });
      return;
    }
    try {
      await deps.digests.add({
        teamId,
        channelId: form.channelId,
        createdBy: body.user.id,
        cadence: form.cadence,
        time: form.time,
        filter: form.filter,
        timeZone: form.timeZone || deps.digests.defaultTimeZone,
        ...(form.lang ? { lang: form.lang } : {}),
      });
    } catch (error) {
      if (!(error instanceof DigestInputError)) throw error;
      await ack({ response_action: 'errors', errors: { [BLOCK_OF[error.field]]: lang.t(error.phrase) } });
      return;
    }
    await ack();
    await publishHome(deps, client, teamId, body.user.id).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not refresh the App Home'));
  };
}
