import { type CatalogueKey, type Lang, langFor } from '../../i18n/lang.js';

/** The app's name as Slack shows it (the manifests' display_information.name), in every language. */
const APP_NAME = 'Data Query';

/** The pages a person opens in a browser, each with what it shows. */
export type PageContent =
  | { page: 'install'; startUrl: string }
  | { page: 'installed'; workspace: string; slackUrl: string }
  | { page: 'failed'; why: 'cancelled' | 'expired' | 'refused' }
  /** `addToSlack`: installed by each workspace, whose uninstall deletes its data; else one operator's workspace. */
  | { page: 'privacy'; quickChart: boolean; addToSlack?: boolean }
  | { page: 'support'; contact?: string }
  | { page: 'notFound' };

/** Where each page is served (the install page is Bolt's install path's landing page). */
export const PAGE_PATHS = {
  install: '/slack/install',
  privacy: '/privacy',
  support: '/support',
} as const;

/**
 * Headers every page is sent with: nothing from elsewhere may load (the pages have no external
 * assets, no scripts, and style themselves inline), and no other site may frame them.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A catalogue text as HTML: escaped, its `commands` set as code. */
function catalogueHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLE = `
:root{color-scheme:light;--ink:#1d2433;--muted:#5b6475;--line:#e3e6ec;--brand:#1d3557;--accent:#4a154b}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:var(--ink);background:#f6f7f9}
header{background:var(--brand);color:#fff}
.bar{max-width:760px;margin:0 auto;padding:14px 20px;display:flex;gap:18px;align-items:center;flex-wrap:wrap}
.brand{font-weight:700;font-size:18px;color:#fff;text-decoration:none;margin-right:auto}
nav a{color:#dfe7f2;text-decoration:none}
nav a:hover,nav a[aria-current=page]{color:#fff;text-decoration:underline}
main{max-width:760px;margin:28px auto;padding:28px 32px;background:#fff;border:1px solid var(--line);border-radius:10px}
h1{font-size:26px;line-height:1.3;margin:0 0 12px}
h2{font-size:18px;margin:26px 0 8px}
p,li{color:var(--ink)}
.lead{font-size:18px;color:var(--muted)}
.note{color:var(--muted);font-size:14px}
ul{padding-left:22px}
.button{display:inline-block;margin:14px 0 6px;padding:12px 22px;background:var(--accent);color:#fff;border-radius:6px;text-decoration:none;font-weight:600}
.button:hover{filter:brightness(1.1)}
.alert{border-left:4px solid #c0392b;background:#fdf1f0;padding:10px 14px;border-radius:4px}
.ok{border-left:4px solid #2e7d32;background:#eef7ef;padding:10px 14px;border-radius:4px}
code{font:14px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f3f6;border:1px solid var(--line);border-radius:4px;padding:1px 5px}
footer{max-width:760px;margin:0 auto 28px;padding:0 20px;color:var(--muted);font-size:13px}
`;

/** A page as HTML: every text from the catalogue, every value escaped, nothing loaded from elsewhere. */
export function renderPage(content: PageContent, lang: Lang, path: string): string {
  const t = (key: CatalogueKey, values?: Record<string, unknown>) =>
    catalogueHtml(lang.t(key, { app: APP_NAME, ...values }));
  const p = (key: CatalogueKey, values?: Record<string, unknown>, cls?: string) =>
    `<p${cls ? ` class="${cls}"` : ''}>${t(key, values)}</p>`;
  const title =
    content.page === 'notFound' ? lang.t('pages.notFound') : lang.t(`pages.${content.page}.title`, { app: APP_NAME });
  const other = lang.locale === 'en' ? 'zh-CN' : 'en';
  const link = (to: string, key: CatalogueKey) =>
    `<a href="${escapeHtml(`${to}?lang=${lang.locale}`)}"${to === path ? ' aria-current="page"' : ''}>${t(key)}</a>`;
  return `<!doctype html>
<html lang="${lang.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${APP_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar">
<a class="brand" href="${escapeHtml(`${PAGE_PATHS.install}?lang=${lang.locale}`)}">${APP_NAME}</a>
<nav>${link(PAGE_PATHS.install, 'pages.nav.install')} ${link(PAGE_PATHS.privacy, 'pages.nav.privacy')} ${link(PAGE_PATHS.support, 'pages.nav.support')}
<a href="${escapeHtml(`${path}?lang=${other}`)}" hreflang="${other}" lang="${other}">${escapeHtml(langFor(other).t('pages.nav.thisLanguage'))}</a></nav>
</div></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body(content, t, p, lang.locale)}
</main>
<footer>${APP_NAME}</footer>
</body>
</html>
`;
}

type Text = (key: CatalogueKey, values?: Record<string, unknown>) => string;
type Paragraph = (key: CatalogueKey, values?: Record<string, unknown>, cls?: string) => string;

function body(content: PageContent, t: Text, p: Paragraph, locale: string): string {
  const list = (keys: CatalogueKey[]) => `<ul>${keys.map((key) => `<li>${t(key)}</li>`).join('')}</ul>`;
  switch (content.page) {
    case 'install':
      return [
        p('pages.install.lead', undefined, 'lead'),
        `<a class="button" href="${escapeHtml(`${content.startUrl}?lang=${locale}`)}">${t('pages.install.button')}</a>`,
        p('pages.install.charges'),
        p('pages.install.admin', undefined, 'note'),
        `<p class="note">${t('pages.install.readFirst')} <a href="${PAGE_PATHS.privacy}?lang=${locale}">${t('pages.privacy.title')}</a></p>`,
      ].join('\n');
    case 'installed':
      return [
        `<p class="ok">${t('pages.installed.lead', { workspace: content.workspace })}</p>`,
        p('pages.installed.next'),
        p('pages.installed.invite'),
        `<a class="button" href="${escapeHtml(content.slackUrl)}">${t('pages.installed.openSlack')}</a>`,
      ].join('\n');
    case 'failed':
      return [
        `<p class="alert">${t(`pages.failed.${content.why}`)}</p>`,
        `<h2>${t('pages.failed.whatToDo')}</h2>`,
        list(['pages.failed.again', 'pages.failed.permission']),
        `<a class="button" href="${PAGE_PATHS.install}?lang=${locale}">${t('pages.failed.retry')}</a>`,
        `<p class="note"><a href="${PAGE_PATHS.support}?lang=${locale}">${t('pages.failed.stillFailing')}</a></p>`,
      ].join('\n');
    case 'privacy':
      return [
        p('pages.privacy.lead', undefined, 'lead'),
        `<h2>${t('pages.privacy.storedTitle')}</h2>`,
        list([
          'pages.privacy.installation',
          'pages.privacy.lookups',
          'pages.privacy.results',
          'pages.privacy.spending',
          'pages.privacy.settings',
          'pages.privacy.dataKey',
        ]),
        `<h2>${t('pages.privacy.whereTitle')}</h2>`,
        p('pages.privacy.where'),
        `<h2>${t('pages.privacy.processorsTitle')}</h2>`,
        list([
          'pages.privacy.dataService',
          ...(content.quickChart ? (['pages.privacy.quickChart'] as const) : []),
          'pages.privacy.slack',
        ]),
        `<h2>${t('pages.privacy.uninstallTitle')}</h2>`,
        p(content.addToSlack ? 'pages.privacy.uninstall' : 'pages.privacy.uninstallOneWorkspace'),
      ].join('\n');
    case 'support':
      return [
        p('pages.support.lead', undefined, 'lead'),
        list([
          'pages.support.inSlack',
          'pages.support.noAnswer',
          'pages.support.notInstalled',
          'pages.support.spending',
        ]),
        content.contact ? p('pages.support.contact', { contact: content.contact }) : p('pages.support.noContact'),
      ].join('\n');
    case 'notFound':
      return '';
  }
}
