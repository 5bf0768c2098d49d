import type { OperationId } from '../../src/core/operations/index.js';

/** What English readers call each operation: the words help, Home and replies must show. */
export const ENGLISH_TITLES: Record<OperationId, string> = {
  'enterprise-general-taxpayer-query': 'Taxpayer record',
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': 'Tender and bid notices',
  'fund-asset': 'Fund asset size history',
  'finance-external-futures-kline': 'Futures candlesticks',
  'fund-new-list': 'Newly issued funds',
};

/** What Chinese readers call each operation. */
export const CHINESE_TITLES: Record<OperationId, string> = {
  'enterprise-general-taxpayer-query': '纳税人信息',
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': '招投标公告',
  'fund-asset': '基金规模历史',
  'finance-external-futures-kline': '期货K线',
  'fund-new-list': '新发基金',
};
