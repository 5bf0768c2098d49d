import { describe, expect, it } from 'vitest';
import {
  effectiveRules,
  type OperatorRules,
  workspaceChoicesSchema,
} from '../../../src/core/workspaces/workspaceSettings.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import {
  readWorkspaceSettingsForm,
  SETTINGS_FIELDS,
  settingsErrors,
  workspaceSettingsModal,
} from '../../../src/slack/modals/workspaceSettingsForm.js';
import { workspaceSettingsBlocks } from '../../../src/slack/render/workspaceSettingsHome.js';
import { allText } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { untranslatedWords } from './untranslated.js';

const chinese = langFor('zh-CN');
const OPERATOR: OperatorRules = {
  allowlist: {},
  adminUserIds: new Set(),
  allowSharedChannels: true,
  budgets: { teamDaily: 1000 },
};
const many = (prefix: string) => Array.from({ length: 100 }, (_, i) => `${prefix}0${String(i).padStart(6, '0')}`);
const FULL = effectiveRules(OPERATOR, {
  ...workspaceChoicesSchema.parse({
    adminUserIds: many('U'),
    allowedUserIds: many('W'),
    allowedChannelIds: many('C'),
    teamDailyCoins: 800,
    userDailyCoins: 50,
    language: 'zh-CN',
    allowSharedChannels: false,
  }),
  changedBy: 'U0ADMIN',
  changedAt: Date.UTC(2026, 11, 2),
});

describe('the workspace settings form and Home section', () => {
  it('stay within Slack limits with every list full, in both languages, the Chinese with no English words', () => {
    for (const lang of [english, chinese]) {
      const modal = workspaceSettingsModal(FULL, OPERATOR, lang);
      assertWithinSlackLimits(modal, 'modal');
      assertWithinSlackLimits(
        { type: 'home', blocks: workspaceSettingsBlocks({ rules: FULL, operator: OPERATOR }, 'Asia/Shanghai', lang) },
        'home',
      );
    }
    const home = allText({
      blocks: workspaceSettingsBlocks({ rules: FULL, operator: OPERATOR }, 'Asia/Shanghai', chinese),
    });
    expect(home).toContain('及另外 80 个');
    expect(untranslatedWords(home)).toEqual([]);
    expect(untranslatedWords(allText(workspaceSettingsModal(FULL, OPERATOR, chinese)))).toEqual([]);
  });

  it('fills the form with what applies now, the inputs bounded by the operator’s ceilings', () => {
    const modal = workspaceSettingsModal(FULL, OPERATOR, english);
    const element = (blockId: string) =>
      (modal.blocks.find((block) => block.block_id === blockId) as unknown as { element: Record<string, unknown> })
        .element;
    expect(element(SETTINGS_FIELDS.adminUserIds)).toMatchObject({
      type: 'multi_users_select',
      max_selected_items: 100,
    });
    expect((element(SETTINGS_FIELDS.allowedChannelIds).initial_conversations as string[]).length).toBe(100);
    expect(element(SETTINGS_FIELDS.teamDailyCoins)).toMatchObject({
      initial_value: '800',
      max_value: '1000',
      min_value: '1',
    });
    expect(element(SETTINGS_FIELDS.language)).toMatchObject({ initial_option: { value: 'zh-CN' } });
    expect(element(SETTINGS_FIELDS.allowSharedChannels).initial_options).toBeUndefined();
  });

  it('reads a submission as the schema expects, and puts each problem on its own field', () => {
    const read = readWorkspaceSettingsForm({
      [SETTINGS_FIELDS.allowedUserIds]: { value: { type: 'multi_users_select', selected_users: ['U0A'] } },
      [SETTINGS_FIELDS.teamDailyCoins]: { value: { type: 'number_input', value: '12' } },
      [SETTINGS_FIELDS.userDailyCoins]: { value: { type: 'number_input', value: 'abc' } },
      [SETTINGS_FIELDS.language]: { value: { type: 'static_select', selected_option: { value: 'en' } } },
      [SETTINGS_FIELDS.allowSharedChannels]: { value: { type: 'checkboxes', selected_options: [] } },
    });
    expect(read).toEqual({
      adminUserIds: [],
      allowedUserIds: ['U0A'],
      allowedChannelIds: [],
      teamDailyCoins: 12,
      userDailyCoins: 'abc',
      language: 'en',
      allowSharedChannels: false,
    });
    expect(readWorkspaceSettingsForm(null)).toEqual({ adminUserIds: [], allowedUserIds: [], allowedChannelIds: [] });
    expect(
      settingsErrors(
        [
          { field: 'userDailyCoins', problem: 'notCoins' },
          { field: 'teamDailyCoins', problem: 'aboveCeiling', ceiling: 1000 },
        ],
        chinese,
      ),
    ).toEqual({
      [SETTINGS_FIELDS.userDailyCoins]: '请填写不小于 1 的整数（例如 500），或留空。',
      [SETTINGS_FIELDS.teamDailyCoins]: '每天最多 1,000 币，这是运营方设定的上限。',
    });
  });
});
