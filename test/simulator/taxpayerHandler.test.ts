import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from '../../src/core/validation/creditCode.js';
import { TAXPAYER_CATALOGUE } from '../../src/simulator/data/taxpayerCatalogue.js';
import { callOperation, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator();
const query = (body: unknown) => callOperation(simulator(), OP.taxpayer, body);

describe('taxpayer catalogue', () => {
  it('holds about 300 distinct companies with valid unified social credit codes', () => {
    expect(TAXPAYER_CATALOGUE.length).toBe(300);
    expect(new Set(TAXPAYER_CATALOGUE.map((record) => record.enterpriseName)).size).toBe(300);
    expect(new Set(TAXPAYER_CATALOGUE.map((record) => record.creditNo)).size).toBe(300);
    for (const record of TAXPAYER_CATALOGUE) {
      expect(isValidCreditCode(record.creditNo), record.creditNo).toBe(true);
      expect(record.creditNo).toMatch(/^91\d{6}/);
      expect(record.enterpriseName).toMatch(/(有限公司|股份有限公司)$/);
    }
  });

  it('mixes taxpayer types and ratings', () => {
    const types = new Set(TAXPAYER_CATALOGUE.map((record) => record.taxpayerType));
    expect(types).toEqual(new Set(['增值税一般纳税人', '小规模纳税人']));
    const ratings = new Set(TAXPAYER_CATALOGUE.map((record) => record.taxCreditRating));
    expect([...ratings].sort()).toEqual(['A', 'B', 'C', 'D', 'M']);
  });
});

describe('enterprise-general-taxpayer-query', () => {
  it('finds a company by part of its name, with the documented and the extra fields', async () => {
    const result = await query({ keyword: '杭州华信光伏' });
    expect(result.status).toBe(200);
    expect(result.json.data.total).toBe(1);
    const [record] = result.json.data.list;
    expect(record).toMatchObject({ enterpriseName: '杭州华信光伏科技有限公司' });
    for (const field of [
      'creditNo',
      'taxpayerType',
      'legalPerson',
      'operatingStatus',
      'registeredCapital',
      'establishDate',
      'registrationAuthority',
      'businessScope',
      'taxRegistrationStatus',
      'taxCreditRating',
      'address',
    ]) {
      expect(typeof record[field], field).toBe('string');
    }
    expect(record.businessScope.length).toBeGreaterThan(40);
    expect(record.establishDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds exactly one company by its full credit code, in either case', async () => {
    const company = TAXPAYER_CATALOGUE[42]!;
    for (const keyword of [company.creditNo, company.creditNo.toLowerCase()]) {
      const result = await query({ keyword });
      expect(result.json.data).toMatchObject({
        total: 1,
        list: [{ creditNo: company.creditNo, enterpriseName: company.enterpriseName }],
      });
    }
  });

  it('finds nothing for a valid credit code it does not know', async () => {
    const result = await query({ keyword: '91330106MA2AAAAAA0' });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual({ total: 0, list: [] });
  });

  it('pages through a broad keyword with a stable total', async () => {
    const firstPage = await query({ keyword: '科技' });
    const total = firstPage.json.data.total;
    expect(total).toBeGreaterThan(30);
    expect(firstPage.json.data.list).toHaveLength(10); // default pageSize
    const pages = [];
    for (let pageNo = 1; (pageNo - 1) * 50 < total; pageNo++) {
      const page = await query({ keyword: '科技', pageNo, pageSize: 50 });
      expect(page.json.data.total).toBe(total);
      pages.push(...page.json.data.list);
    }
    expect(pages).toHaveLength(total);
    expect(new Set(pages.map((record: { creditNo: string }) => record.creditNo)).size).toBe(total);
    expect(pages.every((record: { enterpriseName: string }) => record.enterpriseName.includes('科技'))).toBe(true);
    expect(pages.slice(0, 10)).toEqual(firstPage.json.data.list);
    const beyond = await query({ keyword: '科技', pageNo: 100, pageSize: 50 });
    expect(beyond.json.data).toEqual({ total, list: [] });
  });

  it('answers the same question the same way', async () => {
    const first = await query({ keyword: '华信', pageSize: 5 });
    const second = await query({ keyword: '华信', pageSize: 5 });
    expect(second.json.data).toEqual(first.json.data);
  });

  it.each([
    [{}, 'keyword is required'],
    [{ keyword: '' }, 'keyword is required'],
    [{ keyword: '   ' }, 'keyword is required'],
    [{ keyword: 123 }, 'keyword must be a string'],
    [{ keyword: '科技', pageNo: '1' }, 'pageNo must be a number'],
    [{ keyword: '科技', pageSize: '10' }, 'pageSize must be a number'],
    [{ keyword: '科技', pageNo: 0 }, 'pageNo must be a positive integer'],
    [{ keyword: '科技', pageSize: 2.5 }, 'pageSize must be a positive integer'],
    [{ keyword: '科技', pageSize: 51 }, 'pageSize must not exceed 50'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const result = await query(body);
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ code: 'INVALID_PARAMETER', message, data: null });
  });

  it('accepts the largest page size and ignores unknown fields', async () => {
    const result = await query({ keyword: '科技', pageSize: 50, extra: { anything: true } });
    expect(result.status).toBe(200);
    expect(result.json.data.list).toHaveLength(50);
  });
});
