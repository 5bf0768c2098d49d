import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { checkChoices } from '../../../core/workspaces/workspaceSettings.js';
import { AnswerDeadline } from '../../calls/answerDeadline.js';
import type { SlackDeps } from '../../deps.js';
import { isAdmin } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { readWorkspaceSettingsForm, SETTINGS_FIELDS, settingsErrors } from '../../modals/workspaceSettingsForm.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * The workspace settings form: whoever submits it is checked again (the form may have been opened
 * before they stopped being an admin, or forged), what they chose is checked against the schema and
 * the operator's ceilings (problems go back onto their fields), then saved before the form closes,
 * logged (who changed which settings, never the lists themselves), and the Home shown again.
 */
export function workspaceSettingsSubmission(deps: SlackDeps) {
  return async ({ ack, view, client, context }: Args): Promise<void> => {
    const deadline = new AnswerDeadline();
    const requester = requesterOf(context);
    const { workspaceId, userId } = requester;
    const lang = await formLang(requester);
    const refuse = (errors: Record<string, string>) => ack({ response_action: 'errors', errors });
    const admin = await deadline.within(isAdmin(requester));
    if (!admin.known || !admin.value) {
      deps.logger.info(
        { teamId: workspaceId, userId },
        'refused a change of workspace settings by someone not an admin',
      );
      return refuse({ [SETTINGS_FIELDS.adminUserIds]: lang.t('modals.workspaceSettings.errors.adminsOnly') });
    }
    const checked = checkChoices(readWorkspaceSettingsForm(view.state?.values), deps.operatorRules, userId);
    if (!checked.ok) return refuse(settingsErrors(checked.problems, lang));
    let changed: string[];
    try {
      const saved = await deadline.within(deps.workspaceSettings.save(workspaceId, checked.choices, userId));
      if (!saved.known) throw new Error('the settings were not saved within Slack’s 3 s');
      changed = saved.value;
    } catch (error) {
      deps.logger.error({ err: error, teamId: workspaceId, userId }, 'could not save the workspace settings');
      return refuse({ [SETTINGS_FIELDS.adminUserIds]: lang.t('modals.workspaceSettings.errors.notSaved') });
    }
    await ack();
    deps.logger.info({ teamId: workspaceId, userId, changed }, 'workspace settings changed');
    const rules = await deps.rulesFor(workspaceId);
    await publishHome(deps, client, { ...requester, rules }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not refresh the App Home'),
    );
  };
}
