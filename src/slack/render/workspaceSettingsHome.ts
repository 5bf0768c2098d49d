import type { KnownBlock } from '@slack/types';
import type { OperatorRules, WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, dividerBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { escapeMrkdwn, plainText, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { dateTimeText } from './dateText.js';

/** What an admin's Home shows of the workspace's settings. */
export interface HomeWorkspaceSettings {
  rules: WorkspaceRules;
  operator: OperatorRules;
}

/** People or channels named on the Home before "and N more": a full list of 100 would pass a section's 3,000 characters. */
const NAMED_ON_HOME = 20;

const SLACK_CHANNEL_ID = /^[CGD][A-Z0-9]+$/;

function listed(ids: readonly string[], mention: (id: string) => string, lang: Lang): string {
  const shown = ids.slice(0, NAMED_ON_HOME).map(mention).join(', ');
  return ids.length > NAMED_ON_HOME
    ? `${shown} ${lang.t('home.settings.more', { count: ids.length - NAMED_ON_HOME })}`
    : shown;
}

function channelMention(id: string): string {
  return SLACK_CHANNEL_ID.test(id) ? `<#${id}>` : escapeMrkdwn(id);
}

function budgetText(coins: number | undefined, lang: Lang): string {
  return coins === undefined ? lang.t('home.settings.noLimit') : lang.t('home.settings.perDay', { coins });
}

/**
 * The admins' section of the App Home: the rules that apply in this workspace now (its own choices
 * within the operator's), and a button to change them. Only ever rendered for an admin.
 */
export function workspaceSettingsBlocks(settings: HomeWorkspaceSettings, timeZone: string, lang: Lang): KnownBlock[] {
  const { rules, operator } = settings;
  const admins = [
    ...(rules.slackAdminsAreAdmins ? [lang.t('home.settings.slackAdmins')] : [lang.t('home.settings.operatorAdmins')]),
    ...(rules.chosen?.adminUserIds.length ? [listed(rules.chosen.adminUserIds, userMention, lang)] : []),
  ].join(', ');
  const people = rules.allowlist.users
    ? listed([...rules.allowlist.users], userMention, lang)
    : lang.t('home.settings.everyone');
  const channels = rules.allowlist.channels
    ? listed([...rules.allowlist.channels], channelMention, lang)
    : lang.t('home.settings.everyChannel');
  const language = rules.locale
    ? lang.t(`lang.names.${rules.locale}`)
    : lang.t('modals.workspaceSettings.languageAuto');
  const shared = rules.allowSharedChannels
    ? lang.t('home.settings.sharedAllowed')
    : operator.allowSharedChannels
      ? lang.t('home.settings.sharedRefused')
      : lang.t('home.settings.sharedRefusedByOperator');
  const lines = [
    lang.t('home.settings.admins', { who: admins }),
    lang.t('home.settings.people', { who: people }),
    lang.t('home.settings.channels', { which: channels }),
    lang.t('home.settings.teamBudget', { budget: budgetText(rules.budgets.teamDaily, lang) }),
    lang.t('home.settings.userBudget', { budget: budgetText(rules.budgets.userDaily, lang) }),
    lang.t('home.settings.language', { language }),
    lang.t('home.settings.shared', { policy: shared }),
  ];
  const chosen = rules.chosen;
  return [
    dividerBlock(),
    headerBlock(lang.t('home.settings.title'), 'home-settings'),
    contextBlock(lang.t('home.settings.intro')),
    sectionBlock(lines.join('\n')),
    ...(chosen
      ? [
          contextBlock(
            lang.t('home.settings.changedBy', {
              user: userMention(chosen.changedBy),
              when: dateTimeText(chosen.changedAt, timeZone, lang),
            }),
          ),
        ]
      : []),
    {
      type: 'actions',
      block_id: 'dq-home-settings',
      elements: [
        {
          type: 'button',
          text: plainText(lang.t('home.settings.change')),
          action_id: ACTION.workspaceSettings,
          value: 'open',
        },
      ],
    },
  ];
}
