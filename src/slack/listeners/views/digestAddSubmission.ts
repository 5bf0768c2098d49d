import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { DigestInputError, type DigestInputField } from '../../../core/digest/digestService.js';
import { AnswerDeadline } from '../../calls/answerDeadline.js';
import { appMembership } from '../../calls/channelMembership.js';
import type { SlackDeps } from '../../deps.js';
import { mayAdd } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { DIGEST_FIELDS, readDigestForm } from '../../modals/digestForm.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The form block that shows a refused part of the request. */
const BLOCK_OF: Record<DigestInputField, string> = {
  cadence: DIGEST_FIELDS.cadence,
  time: DIGEST_FIELDS.time,
  filter: DIGEST_FIELDS.filter,
  kinds: DIGEST_FIELDS.kinds,
  words: DIGEST_FIELDS.words,
  timeZone: DIGEST_FIELDS.timeZone,
  lang: DIGEST_FIELDS.lang,
  channel: DIGEST_FIELDS.channel,
};

/**
 * The "add a digest" form: problems go back onto the form in the requester's language; success
 * closes it and refreshes the Home. The checks (the language, the request, whether the app is in the
 * channel) run side by side within Slack's 3 s (AnswerDeadline); the digest is saved after the form
 * is answered, and a save that fails then is said in a direct message.
 */
export function digestAddSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const deadline = new AnswerDeadline();
    const requester = requesterOf(context);
    const { teamId, refusalIn } = requester;
    const form = readDigestForm(view.state?.values);
    const lang = await formLang(requester);
    const errorOn = (block: string, text: string) => ack({ response_action: 'errors', errors: { [block]: text } });
    // Whether they are an admin is in the profile formLang asked for; within Slack's 3 s, or not.
    const admin = await deadline.within(mayAdd(requester));
    if (!admin.known || !admin.value) return errorOn(DIGEST_FIELDS.channel, lang.t('digests.command.adminsOnly'));
    if (!form.channelId) return errorOn(DIGEST_FIELDS.channel, lang.t('modals.digestForm.chooseChannel'));
    // The requester passed the allowlists on the way in; the channel they chose must pass them too.
    const refused = await refusalIn(form.channelId);
    if (refused) return errorOn(DIGEST_FIELDS.channel, lang.t(refused));
    let digest: Awaited<ReturnType<SlackDeps['digests']['prepare']>>;
    try {
      const checked = await deadline.within(
        deps.digests.prepare({
          teamId,
          channelId: form.channelId,
          createdBy: body.user.id,
          cadence: form.cadence,
          time: form.time,
          filter: form.filter,
          timeZone: form.timeZone || deps.digests.defaultTimeZone,
          ...(form.lang ? { lang: form.lang } : {}),
          ...(form.kinds ? { kinds: form.kinds } : {}),
          ...(form.words ? { words: form.words } : {}),
        }),
      );
      if (!checked.known) return errorOn(DIGEST_FIELDS.channel, lang.t('digests.command.storeDownChanging'));
      digest = checked.value;
    } catch (error) {
      if (!(error instanceof DigestInputError)) throw error;
      return errorOn(BLOCK_OF[error.field], lang.t(error.phrase));
    }
    const inChannel = await deadline.within(appMembership(client, form.channelId, deps.logger));
    if (inChannel.known && inChannel.value === 'not_member')
      return errorOn(DIGEST_FIELDS.channel, lang.t('modals.digestForm.notMember'));
    await ack();
    try {
      await deps.digests.save(digest);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not save a digest from the form');
      await client.chat
        .postMessage({ channel: body.user.id, text: lang.t('digests.command.storeDownChanging') })
        .catch(() => undefined);
      return;
    }
    await publishHome(deps, client, { ...requester, userId: body.user.id }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not refresh the App Home'),
    );
  };
}
