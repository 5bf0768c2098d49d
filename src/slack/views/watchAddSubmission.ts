import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { ValidationError } from '../../core/errors.js';
import { WatchInputError } from '../../core/watch/service.js';
import { appMembership } from '../channelMembership.js';
import type { SlackDeps } from '../deps.js';
import { publishHome } from '../flows/publishHome.js';
import { mayAdd } from '../flows/permissions.js';
import { requesterOf, formLang } from '../middleware/whoIsAsking.js';
import { readWatchForm, WATCH_FIELDS } from '../modals/watchForm.js';
import { renderNotice } from '../render/notice.js';
import { watchLines } from '../render/watch.js';
import { webApiResponder } from '../responders.js';

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

/** The watch form: problems go back onto the form; a saved watch is confirmed in the channel (to the requester only). */
export function watchAddSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const requester = requesterOf(context);
    const lang = await formLang(deps, requester);
    const form = readWatchForm(view.state?.values, view.private_metadata);
    const prefilled = !view.state?.values?.[WATCH_FIELDS.subject];
    const errorOn = (block: string, text: string) => ack({ response_action: 'errors', errors: { [block]: text } });
    if (!mayAdd(deps, body.user.id)) return errorOn(WATCH_FIELDS.channel, lang.t('watch.command.adminsOnly'));
    if (!form.channelId) return errorOn(WATCH_FIELDS.channel, lang.t('watch.form.chooseChannel'));
    const refused = requester.refusalIn(form.channelId);
    if (refused) return errorOn(WATCH_FIELDS.channel, lang.t(refused));
    let saved;
    try {
      const prepared = await deps.watches.prepare({ ...form.request, teamId: requester.teamId, channelId: form.channelId, createdBy: body.user.id });
      if ((await appMembership(client, form.channelId, deps.logger)) === 'not_member') return errorOn(WATCH_FIELDS.channel, lang.t('watch.form.notMember'));
      saved = { watch: await deps.watches.save(prepared.watch), cost: prepared.cost };
    } catch (error) {
      if (error instanceof WatchInputError) return errorOn(blockFor(error.phrase.key, prefilled), lang.t(error.phrase));
      if (error instanceof ValidationError) {
        const problem = error.problems[0];
        return errorOn(prefilled ? WATCH_FIELDS.channel : WATCH_FIELDS.subject, problem?.phrase ? lang.t(problem.phrase) : (problem?.message ?? error.message));
      }
      deps.logger.error({ err: error }, 'could not save a watch from the form');
      return errorOn(WATCH_FIELDS.channel, lang.t('watch.command.storeDownChanging'));
    }
    await ack();
    const confirmation = lang.t('watch.command.saved', { lines: watchLines(saved.watch, saved.cost, deps.watches.nextRun(saved.watch), lang) });
    await webApiResponder(client, body.user.id, form.channelId, deps.logger).reply(renderNotice(confirmation, lang)).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not confirm the watch'));
    if (form.fromHome) await publishHome(deps, client, requester.teamId, body.user.id).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not refresh the App Home'));
  };
}
