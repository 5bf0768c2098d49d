import type { Lang } from '../i18n/lang.js';

// Alt texts and captions are built from parts; how parts join (". " and "; " in English, "。" and
// "；" in Chinese) belongs to the language, so it comes from the catalogue too.

/** Clauses of one sentence: "a; b" (a；b). */
export function clauses(parts: readonly string[], lang: Lang): string {
  return parts.reduce((first, second) => lang.t('charts.clause', { first, second }));
}

/** Sentences, each ended as the language ends them, one after the other: "A. B." (A。B。). */
export function sentences(parts: readonly string[], lang: Lang): string {
  return parts
    .map((text) => lang.t('charts.sentence', { text }))
    .reduce((first, second) => lang.t('charts.nextSentence', { first, second }));
}
