import { describe, expect, it } from 'vitest';
import type { TaxpayerRecord } from '../../../src/core/operations/taxpayer.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { fieldLabel } from '../../../src/slack/render/labels.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { registeredCapitalYuan, taxpayerValueText } from '../../../src/slack/slackOperations/taxpayerValues.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, hostile, OPTIONS, visibleText } from '../render/fixtures.js';

const COMPANY: TaxpayerRecord = {
  enterpriseName: '杭州华信光伏科技有限公司',
  creditNo: '91330106774738789M',
  taxpayerType: '增值税一般纳税人',
  legalPerson: '韩军',
  operatingStatus: '存续',
  registeredCapital: '200万人民币',
  establishDate: '1998-04-29',
  registrationAuthority: '杭州市西湖区市场监督管理局',
  businessScope: '太阳能光伏组件的研发、生产与销售。',
  taxRegistrationStatus: '正常',
  taxCreditRating: 'A',
  address: '杭州市西湖区建设路100号',
};

function render(records: TaxpayerRecord[], total = records.length) {
  return answerMessage(
    answerOf('enterprise-general-taxpayer-query', { keyword: '华信', pageSize: 20 }, { total, records }),
    OPTIONS,
  );
}

describe('taxpayer cards', () => {
  it('puts the company as heading, then credit code, taxpayer type and every other field with readable labels', () => {
    const message = render([{ ...COMPANY, vatInvoiceQuota: '10万', bank_account: '6222 0000' }]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    const card = message.blocks.find((block) => block.block_id?.startsWith('dq-rec-0-0-0.'))!;
    expect(card.type).toBe('section');
    if (card.type !== 'section') return;
    expect(card.text?.text.startsWith('*杭州华信光伏科技有限公司*')).toBe(true);
    expect(card.fields?.[0]?.text).toBe('*Credit code*\n91330106774738789M');
    expect(card.fields?.[1]?.text).toBe('*Taxpayer type*\nGeneral VAT taxpayer (增值税一般纳税人)');
    for (const label of [
      'Legal representative',
      'Operating status',
      'Registered capital',
      'Established',
      'Tax registration',
      'Tax credit rating',
      'Registration authority',
      'Address',
      'Business scope',
      'Vat invoice quota',
      'Bank account',
    ]) {
      expect(text).toContain(`*${label}*`);
    }
    expect(text).toContain('太阳能光伏组件的研发、生产与销售。');
    expect(message.text).toContain('1 record for “华信”');
  });

  it('turns unknown camelCase and snake_case keys into labels', () => {
    expect(fieldLabel('registeredCapital', english)).toBe('Registered capital');
    expect(fieldLabel('tax_payer_no', english)).toBe('Tax payer no');
    expect(fieldLabel('companyURLAddress', english)).toBe('Company URL address');
    expect(fieldLabel('纳税人识别号', english)).toBe('纳税人识别号');
    expect(fieldLabel('', english)).toBe('(unnamed)');
  });

  it('cuts a very long business scope with "…" and keeps within section limits', () => {
    const message = render([{ ...COMPANY, businessScope: '经营范围'.repeat(2000) }]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    const scope = /\*Business scope\*\n([^\n]*)/.exec(text)![1]!;
    expect(scope.endsWith('…')).toBe(true);
    expect(scope.length).toBeLessThanOrEqual(700);
    expect(scope.length).toBeGreaterThan(300);
  });

  it('shows a record with 200 unknown fields within Slack limits, listing what does not fit in fields as text', () => {
    const wide: TaxpayerRecord = { ...COMPANY };
    for (let index = 0; index < 200; index++) wide[`extraField${index}`] = `value ${index} ${'x'.repeat(40)}`;
    const message = render([wide]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('*Extra field0*');
    expect(text).toContain('Extra field40: value 40');
    expect(text).toContain('more field');
  });

  it('keeps 50 cards with 200 fields each within Slack limits', () => {
    const wide: TaxpayerRecord = { ...COMPANY, businessScope: '范围'.repeat(3000) };
    for (let index = 0; index < 200; index++) wide[`f${index}`] = 'y'.repeat(300);
    const message = render(Array.from({ length: 50 }, (_, index) => ({ ...wide, enterpriseName: `公司${index}` })));
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toMatch(/\d+ more not shown — narrow the search/);
    expect(message.blocks.at(-1)?.block_id).toMatch(/^dq-keep-footer\./);
  });

  it('escapes hostile text from the service so it cannot ping a channel or inject a link', () => {
    const message = render([
      { ...COMPANY, enterpriseName: hostile('Corp'), legalPerson: '<!here>', customNote: hostile() },
    ]);
    assertWithinSlackLimits(message, 'message');
    const json = JSON.stringify(message);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<!here>');
    expect(json).not.toContain('<@U0BADBAD>');
    expect(json).not.toContain('<https://evil.example');
    expect(visibleText(message)).toContain('&lt;!channel&gt;');
  });

  it('says so when nothing matches', () => {
    const message = render([], 0);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('No company matches “华信”');
    expect(visibleText(message)).not.toContain('capitals included');
  });

  it('says what to try next when a name with Latin letters matches nothing: letters count as written', () => {
    for (const [locale, said] of [
      ['en', 'Letters are matched as written, capitals included'],
      ['zh-CN', '区分大小写'],
    ] as const) {
      const message = answerMessage(
        answerOf(
          'enterprise-general-taxpayer-query',
          { keyword: 'apple inc', pageNo: 1, pageSize: 20 },
          { total: 0, records: [] },
        ),
        { ...OPTIONS, lang: langFor(locale) },
      );
      expect(visibleText(message)).toContain(said);
    }
  });

  it('shows values of any type: numbers, booleans, nulls, nested data', () => {
    const message = render([
      { ...COMPANY, employees: 1200, listed: false, formerName: null, shareholders: [{ name: '甲', share: 0.6 }] },
    ]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('*Employees*\n1200');
    expect(text).toContain('*Listed*\nNo');
    expect(text).toContain('*Former name*\n—');
    expect(text).toContain('[{"name":"甲","share":0.6}]');
  });
});

describe('taxpayer cards in Chinese', () => {
  const ZH = { ...OPTIONS, lang: langFor('zh-CN') };
  const TAXPAYER = 'enterprise-general-taxpayer-query';
  const answer = (records: TaxpayerRecord[], total = records.length) =>
    answerOf(TAXPAYER, { keyword: '华信', pageSize: 20 }, { total, records });

  it('labels every known field in Chinese and writes no English of its own', () => {
    const message = answerMessage(answer([COMPANY]), ZH);
    assertWithinSlackLimits(message, 'message');
    const result = slackOperation(TAXPAYER).render(answer([COMPANY]), ZH);
    const text = visibleText(result);
    expect(text).toContain('纳税人信息：华信');
    expect(text).toContain('*统一社会信用代码*\n91330106774738789M');
    for (const label of [
      '纳税人类型',
      '法定代表人',
      '经营状态',
      '注册资本',
      '成立日期',
      '税务登记状态',
      '纳税信用等级',
      '登记机关',
      '地址',
      '经营范围',
    ]) {
      expect(text).toContain(`*${label}*`);
    }
    expect(result.text).toBe('纳税人信息：“华信”共 1 条记录');
    expect(unexpectedEnglish(`${text}\n${result.text}`)).toEqual([]);
  });

  it('shows a field it does not know under the service’s own name, and Yes/No as 是/否', () => {
    const text = visibleText(
      slackOperation(TAXPAYER).render(answer([{ ...COMPANY, listed: false, 纳税人识别号: '330106' }]), ZH),
    );
    expect(text).toContain('*listed*\n否');
    expect(text).toContain('*纳税人识别号*\n330106');
    expect(fieldLabel('', langFor('zh-CN'))).toBe('（未命名）');
  });

  it('says in Chinese that nothing matched', () => {
    const result = slackOperation(TAXPAYER).render(answer([], 0), ZH);
    expect(visibleText(result)).toContain('没有与“华信”匹配的企业。');
    expect(unexpectedEnglish(visibleText(result))).toEqual([]);
  });

  it('keeps the largest page (50 wide cards) within Slack limits, the cut said in Chinese', () => {
    const wide: TaxpayerRecord = { ...COMPANY, businessScope: '范围'.repeat(3000) };
    for (let index = 0; index < 200; index++) wide[`f${index}`] = 'y'.repeat(300);
    const message = answerMessage(
      answer(Array.from({ length: 50 }, (_, index) => ({ ...wide, enterpriseName: `公司${index}` }))),
      ZH,
    );
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toMatch(/另有 \d+ 条未显示——请缩小搜索范围/);
    const many: TaxpayerRecord = { ...COMPANY };
    for (let index = 0; index < 200; index++) many[`extraField${index}`] = `值 ${index}`;
    const overflow = visibleText(slackOperation(TAXPAYER).render(answer([many]), ZH));
    expect(overflow).toContain('*更多字段*\n');
    expect(overflow).toContain('\nextraField40: 值 40');
  });
});

describe('a taxpayer’s type, statuses and registered capital in the reader’s words (demo trial)', () => {
  const TAXPAYER = 'enterprise-general-taxpayer-query';
  const SMALL: TaxpayerRecord = { ...COMPANY, taxpayerType: '小规模纳税人' };
  const rendered = (lang: typeof english, record: TaxpayerRecord = SMALL) =>
    slackOperation(TAXPAYER).render(
      answerOf(TAXPAYER, { keyword: '华信', pageSize: 20 }, { total: 1, records: [record] }),
      {
        ...OPTIONS,
        lang,
      },
    );

  it('gives an English reader English with the service’s label in brackets, and the capital as an amount', () => {
    const text = visibleText(rendered(english));
    expect(text).toContain('*Taxpayer type*\nSmall-scale taxpayer (小规模纳税人)');
    expect(text).toContain('*Operating status*\nActive (存续)');
    expect(text).toContain('*Tax registration*\nNormal (正常)');
    expect(text).toContain('*Registered capital*\nCNY 2.00 million');
    expect(text).not.toContain('200万人民币');
  });

  it('gives a Chinese reader the labels as sent and the capital in 万元', () => {
    const text = visibleText(rendered(langFor('zh-CN')));
    expect(text).toContain('*纳税人类型*\n小规模纳税人');
    expect(text).toContain('*经营状态*\n存续');
    expect(text).toContain('*税务登记状态*\n正常');
    expect(text).toContain('*注册资本*\n200.00万元');
  });

  it('titles the record a taxpayer record, whichever kind of taxpayer it is, in both languages', () => {
    expect(rendered(english).blocks[0]).toMatchObject({ type: 'header', text: { text: 'Taxpayer record: 华信' } });
    expect(rendered(langFor('zh-CN')).blocks[0]).toMatchObject({ type: 'header', text: { text: '纳税人信息：华信' } });
    expect(visibleText(rendered(english))).not.toContain('General-taxpayer');
  });

  it('translates the statuses the service sends and passes unknown ones through as they come', () => {
    for (const [field, value, said] of [
      ['operatingStatus', '在业', 'In business (在业)'],
      ['operatingStatus', '注销', 'Deregistered (注销)'],
      ['operatingStatus', '吊销', 'Licence revoked (吊销)'],
      ['operatingStatus', '迁出', 'Moved away (迁出)'],
      ['operatingStatus', '停业整顿', '停业整顿'],
      ['taxRegistrationStatus', '非正常', 'Abnormal (非正常)'],
      ['taxRegistrationStatus', '注销', 'Deregistered (注销)'],
      ['taxpayerType', '增值税一般纳税人', 'General VAT taxpayer (增值税一般纳税人)'],
      ['taxpayerType', '一般纳税人', 'General taxpayer (一般纳税人)'],
      ['taxpayerType', 'constructor', 'constructor'],
      ['taxCreditRating', 'A', 'A'],
      ['legalPerson', '正常', '正常'],
    ] as const)
      expect(taxpayerValueText(field, value, english)).toBe(said);
  });

  it('reads the common ways of writing a registered capital in yuan, and keeps anything else as it came', () => {
    expect(registeredCapitalYuan('200万人民币')).toBe(2_000_000);
    expect(registeredCapitalYuan('200万元')).toBe(2_000_000);
    expect(registeredCapitalYuan('500万元人民币')).toBe(5_000_000);
    expect(registeredCapitalYuan('人民币 1,000 万元')).toBe(10_000_000);
    expect(registeredCapitalYuan('1.5亿元')).toBe(150_000_000);
    expect(registeredCapitalYuan('3000000元')).toBe(3_000_000);
    for (const unread of ['100万美元', '200万', '200', '约200万元', '', '万元'])
      expect(registeredCapitalYuan(unread)).toBeUndefined();
    expect(taxpayerValueText('registeredCapital', '1.5亿元', english)).toBe('CNY 150.00 million');
    expect(taxpayerValueText('registeredCapital', '1.5亿元', langFor('zh-CN'))).toBe('1.50亿元');
    expect(taxpayerValueText('registeredCapital', '100万美元', english)).toBe('100万美元');
  });
});
