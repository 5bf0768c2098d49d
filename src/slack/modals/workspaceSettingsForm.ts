import type { KnownBlock, ModalView, MultiConversationsSelect, MultiUsersSelect, PlainTextOption } from '@slack/types';
import {
  MAX_DAILY_COINS,
  MAX_LISTED,
  type OperatorRules,
  type SettingsProblem,
  WORKSPACE_LANGUAGES,
  type WorkspaceLanguage,
  type WorkspaceRules,
} from '../../core/workspaces/workspaceSettings.js';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, option, VIEW_LIMITS } from '../blockKit/slackText.js';
import { VIEW } from '../payloads/ids.js';
import { checkboxes, numberInput, staticSelect } from './elements.js';

/** block_id of each field of the workspace settings form (each element's action_id is `value`). */
export const SETTINGS_FIELDS = {
  adminUserIds: 'dq:settings:admins',
  allowedUserIds: 'dq:settings:people',
  allowedChannelIds: 'dq:settings:channels',
  teamDailyCoins: 'dq:settings:teamBudget',
  userDailyCoins: 'dq:settings:userBudget',
  language: 'dq:settings:language',
  allowSharedChannels: 'dq:settings:shared',
} as const;

const SHARED_ON = 'allow';

function languageOptions(lang: Lang): Record<WorkspaceLanguage, PlainTextOption> {
  return {
    auto: option(lang.t('modals.workspaceSettings.languageAuto'), 'auto'),
    en: option(lang.t('lang.names.en'), 'en'),
    'zh-CN': option(lang.t('lang.names.zh-CN'), 'zh-CN'),
  };
}

function usersSelect(initial: readonly string[]): MultiUsersSelect {
  return {
    type: 'multi_users_select',
    action_id: 'value',
    max_selected_items: MAX_LISTED,
    ...(initial.length > 0 ? { initial_users: [...initial] } : {}),
  };
}

function budgetBlock(
  blockId: string,
  label: string,
  initial: number | undefined,
  ceiling: number | undefined,
  lang: Lang,
): KnownBlock {
  return {
    type: 'input',
    block_id: blockId,
    label: clippedPlainText(label),
    optional: true,
    element: numberInput('value', {
      ...(initial !== undefined ? { initial } : {}),
      min: 1,
      max: ceiling ?? MAX_DAILY_COINS,
    }),
    hint: clippedPlainText(
      ceiling === undefined
        ? lang.t('modals.workspaceSettings.budgetHint')
        : lang.t('modals.workspaceSettings.budgetHintCeiling', { ceiling }),
    ),
  };
}

/**
 * The admins' form for their workspace's settings, filled with what applies now. Slack's limits
 * (https://docs.slack.dev/reference/block-kit/block-elements/multi-select-menu-element,
 * .../number-input-element): max_selected_items at least 1 (ours MAX_LISTED), number_input's bounds
 * as strings; the Slack Connect choice is offered only where the operator allows it.
 */
export function workspaceSettingsModal(rules: WorkspaceRules, operator: OperatorRules, lang: Lang): ModalView {
  const chosen = rules.chosen;
  const languages = languageOptions(lang);
  const language: WorkspaceLanguage = chosen?.language ?? rules.locale ?? 'auto';
  const channels: MultiConversationsSelect = {
    type: 'multi_conversations_select',
    action_id: 'value',
    max_selected_items: MAX_LISTED,
    filter: { include: ['public', 'private'], exclude_bot_users: true },
    ...(chosen && chosen.allowedChannelIds.length > 0 ? { initial_conversations: [...chosen.allowedChannelIds] } : {}),
  };
  const sharedOption = option(lang.t('modals.workspaceSettings.sharedOption'), SHARED_ON);
  const shared = checkboxes('value', [sharedOption]);
  if (rules.allowSharedChannels) shared.initial_options = [sharedOption];
  const blocks: KnownBlock[] = [
    {
      type: 'input',
      block_id: SETTINGS_FIELDS.adminUserIds,
      label: clippedPlainText(lang.t('modals.workspaceSettings.admins')),
      optional: true,
      element: usersSelect(chosen?.adminUserIds ?? []),
      hint: clippedPlainText(
        lang.t(
          operator.adminUserIds.size > 0
            ? 'modals.workspaceSettings.adminsHintOperator'
            : 'modals.workspaceSettings.adminsHint',
        ),
      ),
    },
    {
      type: 'input',
      block_id: SETTINGS_FIELDS.allowedUserIds,
      label: clippedPlainText(lang.t('modals.workspaceSettings.people')),
      optional: true,
      element: usersSelect(chosen?.allowedUserIds ?? []),
      hint: clippedPlainText(lang.t('modals.workspaceSettings.peopleHint')),
    },
    {
      type: 'input',
      block_id: SETTINGS_FIELDS.allowedChannelIds,
      label: clippedPlainText(lang.t('modals.workspaceSettings.channels')),
      optional: true,
      element: channels,
      hint: clippedPlainText(lang.t('modals.workspaceSettings.channelsHint')),
    },
    budgetBlock(
      SETTINGS_FIELDS.teamDailyCoins,
      lang.t('modals.workspaceSettings.teamBudget'),
      chosen?.teamDailyCoins,
      operator.budgets.teamDaily,
      lang,
    ),
    budgetBlock(
      SETTINGS_FIELDS.userDailyCoins,
      lang.t('modals.workspaceSettings.userBudget'),
      chosen?.userDailyCoins,
      operator.budgets.userDaily,
      lang,
    ),
    {
      type: 'input',
      block_id: SETTINGS_FIELDS.language,
      label: clippedPlainText(lang.t('modals.workspaceSettings.language')),
      element: staticSelect(
        'value',
        WORKSPACE_LANGUAGES.map((choice) => languages[choice]),
        languages[language],
      ),
      hint: clippedPlainText(lang.t('modals.workspaceSettings.languageHint')),
    },
  ];
  if (operator.allowSharedChannels)
    blocks.push({
      type: 'input',
      block_id: SETTINGS_FIELDS.allowSharedChannels,
      label: clippedPlainText(lang.t('modals.workspaceSettings.shared')),
      optional: true,
      element: shared,
      hint: clippedPlainText(lang.t('modals.workspaceSettings.sharedHint')),
    });
  return {
    type: 'modal',
    callback_id: VIEW.workspaceSettings,
    title: clippedPlainText(lang.t('modals.workspaceSettings.title'), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('modals.workspaceSettings.submit'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('modals.cancel'), VIEW_LIMITS.buttonChars),
    blocks,
  };
}

type StateValues = Record<string, Record<string, Record<string, unknown> | undefined> | undefined>;

/** The submitted form as the choices' schema reads it (core checks it: checkChoices); absent fields stay absent. */
export function readWorkspaceSettingsForm(values: unknown): Record<string, unknown> {
  const state = (values && typeof values === 'object' ? values : {}) as StateValues;
  const field = (blockId: string) => state[blockId]?.value;
  const coins = (blockId: string) => {
    const typed = field(blockId)?.value;
    if (typeof typed !== 'string' || typed.trim() === '') return undefined;
    // Not a number stays text: the schema says what is wrong with it.
    return /^-?\d+(\.\d+)?$/.test(typed.trim()) ? Number(typed) : typed;
  };
  const language = (field(SETTINGS_FIELDS.language)?.selected_option as { value?: string } | undefined)?.value;
  const sharedField = field(SETTINGS_FIELDS.allowSharedChannels);
  const form: Record<string, unknown> = {
    adminUserIds: field(SETTINGS_FIELDS.adminUserIds)?.selected_users ?? [],
    allowedUserIds: field(SETTINGS_FIELDS.allowedUserIds)?.selected_users ?? [],
    allowedChannelIds: field(SETTINGS_FIELDS.allowedChannelIds)?.selected_conversations ?? [],
    teamDailyCoins: coins(SETTINGS_FIELDS.teamDailyCoins),
    userDailyCoins: coins(SETTINGS_FIELDS.userDailyCoins),
    language,
  };
  if (sharedField) {
    const selected = (sharedField.selected_options as Array<{ value?: string }> | undefined) ?? [];
    form.allowSharedChannels = selected.some((chosen) => chosen.value === SHARED_ON);
  }
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
}

/** Each problem on its field, in the admin's language (response_action `errors`). */
export function settingsErrors(problems: readonly SettingsProblem[], lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const blockId = problem.field === 'form' ? SETTINGS_FIELDS.adminUserIds : SETTINGS_FIELDS[problem.field];
    errors[blockId] ??= problemText(problem, lang);
  }
  return errors;
}

function problemText(problem: SettingsProblem, lang: Lang): string {
  switch (problem.problem) {
    case 'aboveCeiling':
      return lang.t('modals.workspaceSettings.errors.aboveCeiling', { ceiling: problem.ceiling });
    case 'notCoins':
      return lang.t('modals.workspaceSettings.errors.notCoins');
    case 'tooMany':
      return lang.t('modals.workspaceSettings.errors.tooMany', { max: problem.max });
    case 'leavesOutSaver':
      return lang.t('modals.workspaceSettings.errors.leavesOutSaver');
    case 'notAllowedByOperator':
      return problem.field === 'allowSharedChannels'
        ? lang.t('modals.workspaceSettings.errors.sharedNotAllowed')
        : lang.t('modals.workspaceSettings.errors.notAllowedByOperator');
    case 'invalid':
      return lang.t('modals.workspaceSettings.errors.invalid');
  }
}
