import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { DigestInputError } from '../../core/digest/service.js';
import type { SlackDeps } from '../deps.js';
import { mayAddDigest } from '../flows/digestPermissions.js';
import { publishHome } from '../flows/publishHome.js';
import { askerOf } from '../middleware/whoIsAsking.js';
import { DIGEST_FIELDS, readDigestForm } from '../modals/digestForm.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The "add a digest" form: problems go back onto the form; success closes it and refreshes the Home. */
export function digestAddSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const { teamId, refusalIn, requester } = askerOf(context);
    if (!mayAddDigest(deps, body.user.id)) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: 'Only the digest admins (ADMIN_USER_IDS) may add digests.' } });
      return;
    }
    const form = readDigestForm(view.state?.values);
    if (!form.channelId) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: 'Choose the channel that should receive the digest.' } });
      return;
    }
    // The asker passed the allowlists on the way in; the channel they chose must pass them too.
    const refused = refusalIn(form.channelId);
    if (refused) {
      await ack({ response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: (await requester()).lang.say(refused) } });
      return;
    }
    try {
      await deps.digests.add({ teamId, channelId: form.channelId, createdBy: body.user.id, cadence: form.cadence, time: form.time, filter: form.filter, timeZone: form.timeZone || deps.digests.defaultTimeZone });
    } catch (error) {
      if (!(error instanceof DigestInputError)) throw error;
      const field = /time zone/.test(error.message) ? DIGEST_FIELDS.timeZone : /time of day/.test(error.message) ? DIGEST_FIELDS.time : DIGEST_FIELDS.cadence;
      await ack({ response_action: 'errors', errors: { [field]: error.message } });
      return;
    }
    await ack();
    await publishHome(deps, client, teamId, body.user.id).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not refresh the App Home'));
  };
}
