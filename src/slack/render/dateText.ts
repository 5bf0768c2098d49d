/** Dates and times for the reader: one style per language, written by i18n/timeText.ts (stored phrases say theirs the same way). */
export { dateText, dateTimeText, dayText, timeOfDayText, yearMonthText } from '../../i18n/timeText.js';
