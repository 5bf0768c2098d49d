import { describe, expect, it } from 'vitest';
import { english, langFor } from '../../../src/i18n/lang.js';
import { pageLocale } from '../../../src/slack/pages/pageLocale.js';
import { PAGE_HEADERS, renderPage } from '../../../src/slack/pages/renderPage.js';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe('pageLocale', () => {
  it.each([
    ['/privacy', {}, 'en'],
    ['/privacy', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, 'zh-CN'],
    ['/privacy', { 'accept-language': 'zh-TW' }, 'zh-CN'],
    ['/privacy', { 'accept-language': 'fr-FR, en;q=0.5, zh;q=0.7' }, 'zh-CN'],
    ['/privacy', { 'accept-language': 'fr, de' }, 'en'],
    ['/privacy', { 'accept-language': 'zh;q=0, en' }, 'en'],
    ['/privacy?lang=en', { 'accept-language': 'zh-CN' }, 'en'],
    ['/privacy?lang=zh-CN', {}, 'zh-CN'],
    ['/privacy?lang=klingon', { 'accept-language': 'zh' }, 'zh-CN'],
    ['/slack/oauth_redirect', { cookie: 'a=b; dq-lang=zh-CN', 'accept-language': 'en' }, 'zh-CN'],
  ] as const)('%s with %j is %s', (url, headers, locale) => {
    expect(pageLocale(request(url, headers))).toBe(locale);
  });

  it('reads a hostile header without trouble', () => {
    expect(pageLocale(request('/support', { 'accept-language': `${'x;q=,'.repeat(50_000)}zh` }))).toBe('en');
  });
});

describe('renderPage', () => {
  it('escapes what it is handed: a workspace name is text, a link cannot break out of its attribute', () => {
    const html = renderPage(
      { page: 'installed', workspace: '<script>alert(1)</script> & "co"', slackUrl: 'https://x/"><script>' },
      english,
      '/slack/oauth_redirect',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;co&#34;');
    expect(html).toContain('href="https://x/&#34;&#62;&#60;script&#62;"');
  });

  it('loads nothing: no script, no stylesheet or image from elsewhere, and a policy that forbids them', () => {
    const html = renderPage({ page: 'privacy', quickChart: true }, langFor('zh-CN'), '/privacy');
    expect(html).not.toMatch(/<script|src="http|href="http[^"]*\.css/);
    expect(PAGE_HEADERS['content-security-policy']).toContain("default-src 'none'");
    // QuickChart is named as a sub-processor when the operator chose it.
    expect(html).toContain('QuickChart');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('href="/privacy?lang=en" hreflang="en" lang="en">English</a>');
  });

  it('says an uninstall deletes the workspace’s data with Add to Slack, and keeps it for one workspace', () => {
    const installed = renderPage({ page: 'privacy', quickChart: false, addToSlack: true }, langFor('en'), '/privacy');
    expect(installed).toContain('deletes everything it kept about your workspace');
    expect(installed).toContain('without who asked, where, or what');
    const own = renderPage({ page: 'privacy', quickChart: false }, langFor('zh-CN'), '/privacy');
    expect(own).toContain('已保存的数据会保留');
    expect(own).not.toContain('删除它为你的工作区保存的全部数据');
  });
});
