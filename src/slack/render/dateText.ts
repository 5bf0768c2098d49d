/** Dates and times for the reader: one style per language, written by core/time.ts (stored phrases say theirs the same way). */
export { dateText, dateTimeText, dayText, monthText, timeOfDayText } from '../../core/time.js';
