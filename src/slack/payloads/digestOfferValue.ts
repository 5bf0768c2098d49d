import { z } from 'zod';
import { LOCALES, type Locale } from '../../i18n/lang.js';

/** What Save under a digest offer carries: the words of `/dq digest add` it offered, and the offer's language. */
const digestOfferSchema = z.strictObject({
  w: z.array(z.string().max(60)).min(2).max(8),
  l: z.enum(LOCALES).optional(),
});

export function digestOfferValue(words: readonly string[], locale?: Locale): string {
  return JSON.stringify({ w: words, ...(locale ? { l: locale } : {}) });
}

/** A Save value back into its words and language; undefined when it is not one this app made. */
export function readDigestOfferValue(value: string | undefined): { words: string[]; locale?: Locale } | undefined {
  try {
    const parsed = digestOfferSchema.safeParse(JSON.parse(value ?? ''));
    if (!parsed.success) return undefined;
    return { words: parsed.data.w, ...(parsed.data.l ? { locale: parsed.data.l } : {}) };
  } catch {
    return undefined;
  }
}
