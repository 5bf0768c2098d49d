import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { ValidationError } from '../../../core/errors.js';
import { WatchInputError } from '../../../core/watch/watchService.js';
import { escapeMrkdwn } from '../../blockKit/mrkdwn.js';
import { AnswerDeadline } from '../../calls/answerDeadline.js';
import { appMembership } from '../../calls/channelMembership.js';
import type { SlackDeps } from '../../deps.js';
import { mayAdd } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { savedText, withTenderSearch } from '../../flows/watchCommand.js';
import { readWatchForm, WATCH_FIELDS } from '../../modals/watchForm.js';
import { renderNotice } from '../../render/notice.js';
import { webApiResponder } from '../../reply/responders.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Which field of the form a refused part of the request belongs on. */
function blockFor(key: string, prefilled: boolean): string {
  if (/\.(time|timeMissing)$/.test(key)) return WATCH_FIELDS.time;
  if (/\.(cadence|hourlyFuturesOnly)$/.test(key)) return WATCH_FIELDS.cadence;
  if (key.endsWith('.changePercent')) return WATCH_FIELDS.change;
  if (/\.level(Number)?$/.test(key)) return WATCH_FIELDS.level;
  if (key.endsWith('.timeZone')) return WATCH_FIELDS.timeZone;
  // Where it would go: the channel (and its person and workspace) already has as many as it may.
  if (/\.(duplicate|capPerson|capChannel|capWorkspace)$/.test(key)) return WATCH_FIELDS.channel;
  return prefilled ? WATCH_FIELDS.channel : WATCH_FIELDS.subject;
}

/**
 * The watch form: problems go back onto the form; a saved watch is confirmed in the channel (to the
 * requester only). Slack waits 3 s for the form's answer: its checks (the language, the request,
 * whether the app is in the channel) run side by side within AnswerDeadline; the watch is saved after
 * the form is answered, and a save that fails then is said in a message.
 */
export function watchAddSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const deadline = new AnswerDeadline();
    const requester = requesterOf(context);
    const form = readWatchForm(view.state?.values, view.private_metadata);
    const prefilled = !view.state?.values?.[WATCH_FIELDS.subject];
    const lang = await formLang(requester);
    const errorOn = (block: string, text: string) => ack({ response_action: 'errors', errors: { [block]: text } });
    // Whether they are an admin is in the profile formLang asked for; within Slack's 3 s, or not.
    const admin = await deadline.within(mayAdd(requester));
    if (!admin.known || !admin.value) return errorOn(WATCH_FIELDS.channel, lang.t('watch.command.adminsOnly'));
    if (!form.channelId) return errorOn(WATCH_FIELDS.channel, lang.t('watch.form.chooseChannel'));
    const refused = await requester.refusalIn(form.channelId);
    if (refused) return errorOn(WATCH_FIELDS.channel, lang.t(refused));
    // A tender search typed in the form's one field is read as the command reads it.
    const asked = withTenderSearch(form.request);
    if ('problem' in asked)
      return errorOn(prefilled ? WATCH_FIELDS.channel : WATCH_FIELDS.subject, lang.t(asked.problem));
    let prepared: Awaited<ReturnType<SlackDeps['watches']['prepare']>>;
    try {
      const request = { ...asked, teamId: requester.teamId, channelId: form.channelId, createdBy: body.user.id };
      const checked = await deadline.within(deps.watches.prepare(request));
      if (!checked.known) return errorOn(WATCH_FIELDS.channel, lang.t('watch.command.storeDownChanging'));
      prepared = checked.value;
      const inChannel = await deadline.within(appMembership(client, form.channelId, deps.logger));
      if (inChannel.known && inChannel.value === 'not_member')
        return errorOn(WATCH_FIELDS.channel, lang.t('watch.form.notMember'));
    } catch (error) {
      if (error instanceof WatchInputError) return errorOn(blockFor(error.phrase.key, prefilled), lang.t(error.phrase));
      if (error instanceof ValidationError) {
        const problem = error.problems[0];
        return errorOn(
          prefilled ? WATCH_FIELDS.channel : WATCH_FIELDS.subject,
          problem?.phrase ? lang.t(problem.phrase) : (problem?.message ?? error.message),
        );
      }
      deps.logger.error({ err: error }, 'could not check a watch from the form');
      return errorOn(WATCH_FIELDS.channel, lang.t('watch.command.storeDownChanging'));
    }
    await ack();
    const tell = webApiResponder(client, body.user.id, form.channelId, deps.logger);
    let text: string;
    try {
      const watch = await deps.watches.save(prepared.watch);
      text = savedText(deps, watch, prepared.cost, lang);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not save a watch from the form');
      text =
        error instanceof WatchInputError
          ? lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) })
          : lang.t('watch.command.storeDownChanging');
    }
    await tell
      .reply(renderNotice(text, lang))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not confirm the watch'));
    if (form.fromHome)
      await publishHome(deps, client, { ...requester, userId: body.user.id }).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not refresh the App Home'),
      );
  };
}
