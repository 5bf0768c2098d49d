// Quarterly asset size of a catalogue fund. The series is a random walk started at inception; it is
// computed from inception every time (a few dozen quarters), so a given date always has the same value
// and moving `now` forward only appends new quarters.
import { DAY_MS, dayOfIsoDate, isoDateOfDay } from '../calendar.js';
import { hashBetween } from '../random.js';
import type { CatalogueFund } from './fundCatalogue.js';

export interface AssetRecord {
  assetDate: string;
  assetRate: number;
  asset: number;
}

const QUARTER_END_MONTH_DAYS: ReadonlyArray<[number, number]> = [
  [3, 31],
  [6, 30],
  [9, 30],
  [12, 31],
];

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Quarter ends strictly after the inception day and strictly before today, oldest first. */
function quarterEndDays(inceptionDay: number, todayDay: number): number[] {
  const days: number[] = [];
  const firstYear = new Date(inceptionDay * DAY_MS).getUTCFullYear();
  for (let year = firstYear; ; year++) {
    for (const [month, day] of QUARTER_END_MONTH_DAYS) {
      const quarterEnd = Date.UTC(year, month - 1, day) / DAY_MS;
      if (quarterEnd >= todayDay) return days;
      if (quarterEnd > inceptionDay) days.push(quarterEnd);
    }
  }
}

/** Newest first, as the service lists them. */
export function assetHistory(fund: CatalogueFund, todayDay: number): AssetRecord[] {
  const inceptionDay = dayOfIsoDate(fund.inceptionDate)!;
  const oldestFirst: AssetRecord[] = [];
  // Funds start small and grow towards their typical size, then wander around it.
  let asset = fund.typicalAsset * hashBetween(0.05, 0.3, 'initial-asset', fund.fundCode);
  let previous: number | undefined;
  for (const day of quarterEndDays(inceptionDay, todayDay)) {
    const pullTowardsTypical = 0.25 * Math.log(fund.typicalAsset / asset);
    const shock = hashBetween(-0.18, 0.18, 'asset-shock', fund.fundCode, day);
    asset *= Math.exp(pullTowardsTypical + shock);
    const rounded = roundTo(asset, 2);
    const assetRate = previous === undefined ? 0 : roundTo(((rounded - previous) / previous) * 100, 2);
    oldestFirst.push({ assetDate: isoDateOfDay(day), assetRate, asset: rounded });
    previous = rounded;
  }
  return oldestFirst.reverse();
}
