import { describe, expect, it } from 'vitest';
import { langFor } from '../../../src/i18n/lang.js';
import { workspacePauseText } from '../../../src/slack/render/workspacePause.js';

/** The direct message that tells a workspace's admins its digests and watches are paused (issue 46). */
describe('the paused-workspace message', () => {
  const refused = {
    cause: 'refresh_refused',
    code: 'invalid_refresh_token',
    workspaceName: 'Acme <*bold*> & Co',
  } as const;

  it('says what happened and links the install page, the workspace’s name as text', () => {
    const text = workspacePauseText(refused, {
      lang: langFor('en'),
      timeZone: 'UTC',
      installUrl: 'https://dq.example.com/slack/install',
    });
    expect(text).toContain('Acme &lt;*bold*&gt; &amp; Co');
    expect(text).not.toContain('<*bold*>');
    expect(text).toContain('invalid_refresh_token');
    expect(text).toContain('<https://dq.example.com/slack/install|its install page>');
  });

  it('in Chinese, and without a link when the app does not know its address', () => {
    const text = workspacePauseText(refused, { lang: langFor('zh-CN'), timeZone: 'Asia/Shanghai' });
    expect(text).toContain('本应用在「Acme');
    expect(text).toContain('`/slack/install`');
    expect(text).not.toContain('<https://');
  });

  it('for refreshes left unanswered: when the token runs out, in the reader’s zone', () => {
    const text = workspacePauseText(
      {
        cause: 'refresh_failing',
        code: 'refresh_unanswered',
        expiresAt: Date.UTC(2026, 11, 2, 10, 30),
        workspaceName: 'Acme',
      },
      { lang: langFor('zh-CN'), timeZone: 'Asia/Shanghai', installUrl: 'https://dq.example.com/slack/install' },
    );
    expect(text).toContain('18:30');
    expect(text).toContain('<https://dq.example.com/slack/install|安装页>');
  });
});
