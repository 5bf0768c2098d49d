import { type Locale, readLocale } from '../../i18n/lang.js';

/** The cookie that keeps the language chosen on the install page through Slack's redirect back. */
export const LANG_COOKIE = 'dq-lang';

/**
 * The language of a page a person opens in a browser: `?lang=` when given (the pages' switch), then
 * the language the install started in (its cookie), then the browser's Accept-Language in its
 * order of preference, then English.
 */
export function pageLocale(request: { url?: string | undefined; headers: Record<string, unknown> }): Locale {
  const asked = new URL(request.url ?? '/', 'http://localhost').searchParams.get('lang');
  const fromQuery = readLocale(asked);
  if (fromQuery) return fromQuery;
  const cookie = String(request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  const fromCookie = readLocale(cookie);
  if (fromCookie) return fromCookie;
  return acceptedLocale(String(request.headers['accept-language'] ?? '')) ?? 'en';
}

/** The first language of Accept-Language (by q, then order) that the app speaks. */
function acceptedLocale(header: string): Locale | undefined {
  const ranges = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const lower = tag.toLowerCase();
    const locale =
      lower === 'zh' || lower.startsWith('zh-')
        ? 'zh-CN'
        : lower === 'en' || lower.startsWith('en-')
          ? 'en'
          : undefined;
    if (locale) return locale;
  }
  return undefined;
}
