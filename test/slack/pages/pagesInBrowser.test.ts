import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumPath, describeWithChromium } from '../../support/chromium.js';
import { startTestApp, type TestApp } from '../../support/slackApp.js';

/**
 * The pages a person opens (install, installed, install failed, privacy, support) in a real headless
 * Chromium, in English and Chinese: an install clicked through from the Add to Slack button to the
 * installed page, the language switch, and nothing loaded from anywhere but the app. The
 * screenshots are kept in SCREENSHOTS for a person to look at.
 */
const SCREENSHOTS = process.env.PAGE_SCREENSHOTS ?? join(tmpdir(), 'dq-page-screenshots');

describeWithChromium('the pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  /** Every request a page made that was not to the app or the fake Slack: none may be. */
  const elsewhere: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    app = await startTestApp({ addToSlack: true });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width: 900, height: 900 } });
    const page = await context.newPage();
    const local = [new URL(app.url).host, new URL(app.fake.url).host];
    page.on('request', (request) => {
      const { host, protocol } = new URL(request.url());
      if (protocol !== 'data:' && !local.includes(host)) elsewhere.push(request.url());
    });
    // A CSP violation or a script error shows here.
    page.on('console', (message) => {
      // A page answered 4xx (the failed install's) is its own status, not a resource that failed.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document')
        problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return page;
  }

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('installs through the Add to Slack button, in English, and ends on the installed page', async () => {
    const page = await open('en-GB');
    await page.goto(`${app.url}/slack/install`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.locator('h1').textContent()).resolves.toBe('Add Data Query to Slack');
    await shoot(page, 'install-en');
    app.fake.oauth.approveNextInstall({ teamId: 'T0BROWSER1', teamName: 'Browser Team' });
    await page.getByRole('link', { name: 'Add to Slack' }).click();
    await page.waitForURL(/\/slack\/oauth_redirect/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Data Query is installed');
    await expect(page.locator('.ok').textContent()).resolves.toBe('It is installed in Browser Team.');
    await shoot(page, 'installed-en');
    expect(await app.installations!.find({ teamId: 'T0BROWSER1', isEnterpriseInstall: false })).toBeDefined();
  });

  it('speaks Chinese to a Chinese browser, and switches language with its link', async () => {
    const page = await open('zh-CN');
    await page.goto(`${app.url}/slack/install`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await expect(page.locator('h1').textContent()).resolves.toBe('把 Data Query 添加到 Slack');
    await shoot(page, 'install-zh');
    await page.locator('nav').getByRole('link', { name: 'English' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Add Data Query to Slack');
    await page.locator('nav').getByRole('link', { name: '中文' }).click();
    await page.locator('nav').getByRole('link', { name: '隐私' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('隐私');
    const privacy = await page.locator('main').textContent();
    expect(privacy ?? '').toContain('AES-256-GCM');
    expect(privacy ?? '').toContain('保存 30 天');
    // QuickChart is a sub-processor only when the operator chose it; this app draws natively.
    expect(privacy ?? '').not.toContain('QuickChart');
    await shoot(page, 'privacy-zh');
    await page.locator('nav').getByRole('link', { name: '帮助' }).click();
    await expect(page.locator('code').first().textContent()).resolves.toBe('/dq 帮助');
    await shoot(page, 'support-zh');
  });

  it('a cancelled install lands on the failed page with what to do, in the language it started in', async () => {
    const page = await open('en-US');
    await page.goto(`${app.url}/slack/install?lang=zh-CN`);
    app.fake.oauth.approveNextInstall('deny');
    await page.getByRole('link', { name: '添加到 Slack' }).click();
    await page.waitForURL(/\/slack\/oauth_redirect/);
    await expect(page.locator('h1').textContent()).resolves.toBe('安装未完成');
    await expect(page.locator('.alert').textContent()).resolves.toContain('已在 Slack 中取消安装');
    await shoot(page, 'failed-zh');
    await page.getByRole('link', { name: '重新开始安装' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('把 Data Query 添加到 Slack');
  });

  it('loaded nothing from elsewhere and raised no error (no CSP violation)', () => {
    expect({ elsewhere, problems }).toEqual({ elsewhere: [], problems: [] });
  });
});
