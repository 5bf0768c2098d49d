import type { Button, KnownBlock } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import { dividerBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { escapeMrkdwn, plainText, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { dateTimeText } from './dateText.js';

/** The workspace's data-service key as an admin's Home shows it: never the key, only its last four characters. */
export type HomeDataKey =
  /** No SECRETS_KEY to seal a key with: none can be entered. */
  | { kind: 'unavailable' }
  /** The workspace's calls go with the operator's key. */
  | { kind: 'operator' }
  | { kind: 'own'; lastFour: string; setBy: string; setAt: number };

function button(text: string, actionId: string, style?: 'primary' | 'danger'): Button {
  const element: Button = { type: 'button', text: plainText(text), action_id: actionId, value: 'data-key' };
  if (style) element.style = style;
  return element;
}

/** The admins' "Data service key" section of the App Home: whose key pays, and what they may do about it. */
export function dataKeyBlocks(key: HomeDataKey, timeZone: string, lang: Lang): KnownBlock[] {
  const blocks: KnownBlock[] = [dividerBlock(), headerBlock(lang.t('home.dataKey.title'), 'home-data-key')];
  if (key.kind === 'unavailable') return [...blocks, sectionBlock(lang.t('home.dataKey.unavailable'))];
  if (key.kind === 'operator')
    return [
      ...blocks,
      sectionBlock(lang.t('home.dataKey.operator')),
      {
        type: 'actions',
        block_id: 'dq-home-data-key',
        elements: [button(lang.t('home.dataKey.enter'), ACTION.dataKeyEdit, 'primary')],
      },
    ];
  const remove = button(lang.t('home.dataKey.remove'), ACTION.dataKeyRemove, 'danger');
  remove.confirm = {
    title: plainText(lang.t('home.dataKey.confirmTitle')),
    text: plainText(lang.t('home.dataKey.confirmText')),
    confirm: plainText(lang.t('home.dataKey.remove')),
    deny: plainText(lang.t('home.dataKey.keep')),
  };
  return [
    ...blocks,
    sectionBlock(
      lang.t('home.dataKey.own', {
        lastFour: escapeMrkdwn(key.lastFour),
        user: userMention(key.setBy),
        when: dateTimeText(key.setAt, timeZone, lang),
      }),
    ),
    {
      type: 'actions',
      block_id: 'dq-home-data-key',
      elements: [button(lang.t('home.dataKey.replace'), ACTION.dataKeyEdit), remove],
    },
  ];
}
