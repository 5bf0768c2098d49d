// The "changed field" fault: a success envelope whose payload no longer matches the documented shape,
// as if the provider changed its API unannounced. Each operation loses or mistypes a field its client
// cannot do without, so a client that trusts the shape without checking it will trip here.
import type { OperationId } from './operations.js';

type Payload = Record<string, unknown>;

const CORRUPTIONS: Record<OperationId, (data: Payload) => Payload> = {
  'enterprise-general-taxpayer-query': ({ list: _list, ...rest }) => rest,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': ({ list, ...rest }) => ({ ...rest, records: list }),
  'fund-asset': (data) => ({
    ...data,
    list: (data.list as Payload[]).map((record) => ({ ...record, asset: String(record.asset) })),
  }),
  'finance-external-futures-kline': ({ lines, ...rest }) => ({ ...rest, kline: lines }),
  'fund-new-list': ({ count: _count, ...rest }) => rest,
};

export function withChangedField(operation: OperationId, data: unknown): Payload {
  return CORRUPTIONS[operation](data as Payload);
}
