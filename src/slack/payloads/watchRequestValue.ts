import { z } from 'zod';
import { type NewWatch, TENDER_OPTIONS, type TenderOption } from '../../core/watch/watchService.js';
import { LOCALES, type Locale } from '../../i18n/lang.js';

/** What a watch request carries between its preview and Save (a button value; checked again on Save). */
export type WatchRequest = Omit<NewWatch, 'teamId' | 'channelId' | 'createdBy'>;

const watchRequestSchema = z.strictObject({
  kind: z.string().max(20),
  subject: z.string().max(120),
  period: z.string().max(20).optional(),
  changePercent: z.string().max(20).optional(),
  above: z.string().max(30).optional(),
  below: z.string().max(30).optional(),
  cadence: z.string().max(30),
  time: z.string().max(10).optional(),
  timeZone: z.string().max(60).optional(),
  lang: z.string().max(20).optional(),
  announceFirst: z.boolean().optional(),
  search: z
    .strictObject({
      province: z.string().max(30).optional(),
      type: z.string().max(30).optional(),
      searchType: z.string().max(60).optional(),
      publishStartTime: z.string().max(30).optional(),
      publishEndTime: z.string().max(30).optional(),
    })
    .optional(),
  maxCoins: z.string().max(20).optional(),
  /** The language of the preview the button is under (not the watch's own `lang`): Save answers in it. */
  l: z.enum(LOCALES).optional(),
});

/** A Save button's value: the request, and the preview's language (`l`), so the click is answered in it. */
export function watchRequestValue(request: WatchRequest, locale?: Locale): string {
  return JSON.stringify({ ...request, ...(locale ? { l: locale } : {}) });
}

/** A Save button's value back into a request and its preview's language; undefined when it is not one this app made. */
export function readWatchRequestValue(
  value: string | undefined,
): { request: WatchRequest; locale?: Locale } | undefined {
  try {
    const parsed = watchRequestSchema.safeParse(JSON.parse(value ?? ''));
    if (!parsed.success) return undefined;
    const { l: locale, ...request } = parsed.data;
    return { request: request as WatchRequest, ...(locale ? { locale } : {}) };
  } catch {
    return undefined;
  }
}

const CANCEL = 'cancel';

/** A Cancel button's value: the preview's language, so "cancelled" is said in it. */
export function watchCancelValue(locale: Locale): string {
  return `${CANCEL}:${locale}`;
}

/** The preview's language from a Cancel value; undefined for one without it (`cancel`, from before it was carried). */
export function readWatchCancelValue(value: string | undefined): Locale | undefined {
  return LOCALES.find((locale) => value === `${CANCEL}:${locale}`);
}

/**
 * A tender search's options as a client sent them back ("Watch this" on a tenders result, the watch
 * form's metadata): short strings of the options a search has; undefined for what is no object.
 */
export function readSearchOptions(value: unknown): Partial<Record<TenderOption, string>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const search: Partial<Record<TenderOption, string>> = {};
  for (const option of TENDER_OPTIONS) {
    const text = (value as Record<string, unknown>)[option];
    if (typeof text === 'string' && text.length <= 60) search[option] = text;
  }
  return search;
}
