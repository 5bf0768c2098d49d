// The futures code table is "not shown" in the spec; this is ours. Symbols are the usual exchange
// codes, uppercase; price ranges are roughly those of recent years, in each contract's quoting unit.

export interface FuturesContract {
  symbol: string;
  name: string;
  lowPrice: number;
  highPrice: number;
  /** Decimal places of a quote. */
  decimals: number;
  /** Typical relative move over one day. */
  dailyVolatility: number;
  /** Typical contracts traded per day. */
  dailyVolume: number;
}

export const FUTURES_CONTRACTS: readonly FuturesContract[] = [
  {
    symbol: 'CL',
    name: 'WTI原油',
    lowPrice: 70,
    highPrice: 90,
    decimals: 2,
    dailyVolatility: 0.02,
    dailyVolume: 300_000,
  },
  {
    symbol: 'GC',
    name: 'COMEX黄金',
    lowPrice: 2000,
    highPrice: 2700,
    decimals: 1,
    dailyVolatility: 0.01,
    dailyVolume: 200_000,
  },
  {
    symbol: 'SI',
    name: 'COMEX白银',
    lowPrice: 25,
    highPrice: 35,
    decimals: 3,
    dailyVolatility: 0.018,
    dailyVolume: 80_000,
  },
  {
    symbol: 'HG',
    name: 'COMEX铜',
    lowPrice: 3.5,
    highPrice: 5,
    decimals: 4,
    dailyVolatility: 0.015,
    dailyVolume: 90_000,
  },
  {
    symbol: 'NG',
    name: 'NYMEX天然气',
    lowPrice: 2,
    highPrice: 4,
    decimals: 3,
    dailyVolatility: 0.035,
    dailyVolume: 150_000,
  },
  {
    symbol: 'BRN',
    name: '布伦特原油',
    lowPrice: 75,
    highPrice: 95,
    decimals: 2,
    dailyVolatility: 0.02,
    dailyVolume: 250_000,
  },
  {
    symbol: 'ZS',
    name: 'CBOT大豆',
    lowPrice: 1000,
    highPrice: 1400,
    decimals: 2,
    dailyVolatility: 0.012,
    dailyVolume: 120_000,
  },
  {
    symbol: 'ZC',
    name: 'CBOT玉米',
    lowPrice: 400,
    highPrice: 600,
    decimals: 2,
    dailyVolatility: 0.013,
    dailyVolume: 200_000,
  },
  {
    symbol: 'ZW',
    name: 'CBOT小麦',
    lowPrice: 500,
    highPrice: 700,
    decimals: 2,
    dailyVolatility: 0.016,
    dailyVolume: 90_000,
  },
  {
    symbol: 'NQ',
    name: '纳斯达克100指数期货',
    lowPrice: 15000,
    highPrice: 21000,
    decimals: 2,
    dailyVolatility: 0.013,
    dailyVolume: 500_000,
  },
  {
    symbol: 'ES',
    name: '标普500指数期货',
    lowPrice: 4500,
    highPrice: 6000,
    decimals: 2,
    dailyVolatility: 0.01,
    dailyVolume: 1_500_000,
  },
  {
    symbol: 'YM',
    name: '道琼斯指数期货',
    lowPrice: 35000,
    highPrice: 44000,
    decimals: 0,
    dailyVolatility: 0.009,
    dailyVolume: 150_000,
  },
  {
    symbol: 'PL',
    name: 'NYMEX铂金',
    lowPrice: 900,
    highPrice: 1100,
    decimals: 1,
    dailyVolatility: 0.015,
    dailyVolume: 20_000,
  },
  {
    symbol: 'PA',
    name: 'NYMEX钯金',
    lowPrice: 900,
    highPrice: 1300,
    decimals: 1,
    dailyVolatility: 0.022,
    dailyVolume: 5_000,
  },
  {
    symbol: 'CT',
    name: 'ICE棉花',
    lowPrice: 65,
    highPrice: 90,
    decimals: 2,
    dailyVolatility: 0.014,
    dailyVolume: 25_000,
  },
  {
    symbol: 'KC',
    name: 'ICE咖啡',
    lowPrice: 180,
    highPrice: 350,
    decimals: 2,
    dailyVolatility: 0.02,
    dailyVolume: 20_000,
  },
  {
    symbol: 'SB',
    name: 'ICE原糖',
    lowPrice: 18,
    highPrice: 26,
    decimals: 2,
    dailyVolatility: 0.017,
    dailyVolume: 60_000,
  },
  {
    symbol: 'LHC',
    name: 'CME瘦肉猪',
    lowPrice: 70,
    highPrice: 100,
    decimals: 3,
    dailyVolatility: 0.015,
    dailyVolume: 20_000,
  },
];

export function futuresContract(symbol: string): FuturesContract | undefined {
  return FUTURES_CONTRACTS.find((contract) => contract.symbol === symbol);
}
