import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noticeIdentity, pageNotices } from '../../../src/core/watch/noticeIdentity.js';
import { restyledText } from '../../../src/simulator/restyledText.js';

/** A record as the simulator serves it, without the id and url a service might not send. */
const TENDER = {
  title: '浙江省人民医院光伏组件采购项目（ZJ2026-0412）公开招标公告',
  noticeType: '招标公告',
  purchaser: '浙江省人民医院',
  province: 'ZJ',
  provinceName: '浙江',
  publishDate: '2026-11-20',
  budget: 1_234_000,
};
const AWARD = {
  ...TENDER,
  title: '浙江省人民医院光伏组件采购项目（ZJ2026-0412）中标结果公告',
  noticeType: '中标结果',
  publishDate: '2026-12-18',
  supplier: '杭州华信光伏科技有限公司',
  amount: 1_100_000,
};

describe('noticeIdentity', () => {
  it('knows a notice by what it says: an id or link changes nothing, and one given to another notice names that one', () => {
    const identity = noticeIdentity(TENDER);
    expect(identity).toMatch(/^c:[\w-]{22}$/);
    expect(noticeIdentity({ ...TENDER, id: 'a1b2c3' })).toBe(identity);
    expect(noticeIdentity({ ...TENDER, id: 'zz', url: 'https://example.invalid/x' })).toBe(identity);
    // A row id reused for another notice: the other notice, another identity.
    expect(noticeIdentity({ ...AWARD, id: 'a1b2c3' })).not.toBe(noticeIdentity({ ...TENDER, id: 'a1b2c3' }));
    // Its region is part of what it says.
    expect(noticeIdentity({ ...TENDER, province: 'JS' })).not.toBe(identity);
  });

  it('names a record without a title by its id, else its link, without its fragment and with the host in any case', () => {
    expect(noticeIdentity({ noticeId: 42, publishDate: '2026-11-20' })).toBe('id:42');
    expect(noticeIdentity({ url: 'https://Example.invalid/notice/7' })).toBe('url:https://example.invalid/notice/7');
    expect(noticeIdentity({ detailUrl: 'https://example.invalid/notice/7#top' })).toBe(
      'url:https://example.invalid/notice/7',
    );
    expect(noticeIdentity({ link: 'notice 7' })).toBe('url:notice 7');
  });

  it('gives a re-served notice the same fingerprint: widths, spaces, punctuation and case do not count', () => {
    const identity = noticeIdentity(TENDER);
    for (const variant of [
      { ...TENDER, title: restyledText(TENDER.title), purchaser: restyledText(TENDER.purchaser) },
      { ...TENDER, title: '浙江省人民医院 光伏组件采购项目(ZJ2026-0412)公开招标公告' },
      { ...TENDER, title: '浙江省人民医院光伏组件采购项目【ｚｊ２０２６－０４１２】公开招标公告。' },
      { ...TENDER, title: ' 浙江省　人民医院“光伏组件”采购项目 · ZJ 2026 0412 公开招标公告 ' },
      { ...TENDER, purchaser: '浙江省 人民医院', publishDate: '2026/11/20 09:30:00', budget: 1 },
      { ...TENDER, publishDate: '2026年11月20日', province: 'zj' },
      {
        title: TENDER.title,
        purchaser: TENDER.purchaser,
        noticeType: TENDER.noticeType,
        publishDate: TENDER.publishDate,
        province: TENDER.province,
      },
    ]) {
      expect(noticeIdentity(variant), JSON.stringify(variant)).toBe(identity);
    }
  });

  it('tells apart the award result of a tender, another kind or date, and another title or purchaser', () => {
    const identity = noticeIdentity(TENDER);
    for (const other of [
      AWARD,
      { ...TENDER, noticeType: '中标结果' },
      { ...TENDER, publishDate: '2026-11-21' },
      { ...TENDER, title: TENDER.title.replace('0412', '0413') },
      { ...TENDER, purchaser: '浙江省教育局' },
    ]) {
      expect(noticeIdentity(other), JSON.stringify(other)).not.toBe(identity);
    }
  });

  it('reads other field names and an epoch instant for the date (seconds or milliseconds, dated in Shanghai)', () => {
    const named = {
      noticeTitle: TENDER.title,
      buyer: TENDER.purchaser,
      infoType: TENDER.noticeType,
      pubDate: TENDER.publishDate,
      region: TENDER.province,
    };
    expect(noticeIdentity(named)).toBe(noticeIdentity(TENDER));
    const earlyMorning = Date.parse('2026-11-20T07:00:00+08:00'); // still 19 November in UTC
    expect(noticeIdentity({ ...TENDER, publishDate: earlyMorning })).toBe(noticeIdentity(TENDER));
    expect(noticeIdentity({ ...TENDER, publishDate: earlyMorning / 1000 })).toBe(noticeIdentity(TENDER));
  });

  it('gives nothing for what identifies no notice', () => {
    for (const value of [
      undefined,
      null,
      'a title',
      42,
      [],
      [TENDER],
      {},
      { budget: 5 },
      { title: '  ' },
      { title: '（）、。' },
      { purchaser: '浙江省教育局', publishDate: '2026-11-20' },
      { id: '', title: '' },
    ]) {
      expect(noticeIdentity(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('pageNotices: an id or link only where it is unique on the page', () => {
  const OTHER = {
    ...TENDER,
    title: '浙江省教育局光伏组件供货及安装项目（ZJ2026-0099）询价公告',
    purchaser: '浙江省教育局',
  };

  it('notices that share one generic link are each their own notice', () => {
    const link = 'https://example.invalid/list.html';
    const [first, second] = pageNotices([
      { ...TENDER, url: link },
      { ...OTHER, url: link },
    ]);
    expect(first!.identity).toBe(noticeIdentity(TENDER));
    expect(second!.identity).toBe(noticeIdentity(OTHER));
    // Without a title, a link shared on the page names no notice; one of its own does.
    expect(pageNotices([{ url: link }, { url: link }, { url: 'https://example.invalid/n/1' }])).toEqual([
      undefined,
      undefined,
      { identity: 'url:https://example.invalid/n/1' },
    ]);
  });

  it('two records saying the same are told apart by ids of their own, and are one notice without', () => {
    const twins = pageNotices([
      { ...TENDER, id: 'a' },
      { ...TENDER, id: 'b' },
    ]);
    expect(twins[0]!.identity).not.toBe(twins[1]!.identity);
    expect(twins.map((notice) => notice!.plain)).toEqual([noticeIdentity(TENDER), noticeIdentity(TENDER)]);
    expect(twins[0]!.twins).toEqual([twins[0]!.identity, twins[1]!.identity]);
    // The same id twice, or none: the same notice listed twice.
    for (const page of [
      [
        { ...TENDER, id: 'a' },
        { ...TENDER, id: 'a' },
      ],
      [TENDER, restyledTender()],
    ]) {
      expect(pageNotices(page).map((notice) => notice!.identity)).toEqual([
        noticeIdentity(TENDER),
        noticeIdentity(TENDER),
      ]);
    }
  });

  it('carries the fingerprint earlier versions stored, so the notices they told stay told', () => {
    // What the version before issue 42 stored for this record, beside its id and link.
    expect(pageNotices([{ ...TENDER, id: 'a1b2c3' }])[0]).toEqual({
      identity: noticeIdentity(TENDER),
      legacy: 'fp:5QI520XjDnGrOHTTXRM7vf',
      date: '2026-11-20',
    });
  });
});

function restyledTender() {
  return { ...TENDER, title: restyledText(TENDER.title), purchaser: restyledText(TENDER.purchaser) };
}

const CJK = [...'浙江省人民医院光伏组件采购项目招标公告中标结果拟建教育局水利局第一中学运维服务供货及安装'];
const ASCII_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
const SPACES = [' ', '\u3000', '\t', '  '];
const PUNCTUATION = [...'，。、；：？！“”‘’（）【】《》「」·—…-_.,;:!?()[]{}\'"/'];

/** A text a reader sees: at least one letter, digit or ideograph, and maybe punctuation and spaces. */
const readableText = fc
  .array(
    fc.oneof(fc.constantFrom(...CJK), fc.constantFrom(...ASCII_LETTERS), fc.constantFrom(...PUNCTUATION, ...SPACES)),
    { minLength: 1, maxLength: 40 },
  )
  .map((characters) => characters.join(''))
  .filter((text) => /[\p{L}\p{N}]/u.test(text));

const toFullWidth = (character: string) =>
  character >= '!' && character <= '~' ? String.fromCodePoint(character.codePointAt(0)! + 0xfee0) : character;

/** The same text re-served: some characters in full width or the other case, spaces and punctuation put in or left out. */
function cosmeticVariant(text: string): fc.Arbitrary<string> {
  const characters = [...text];
  return fc
    .tuple(
      fc.array(fc.constantFrom('keep', 'wide', 'case', 'dropIfPunctuation'), {
        minLength: characters.length,
        maxLength: characters.length,
      }),
      fc.array(fc.constantFrom('', '', '', ...SPACES, ...PUNCTUATION), {
        minLength: characters.length + 1,
        maxLength: characters.length + 1,
      }),
    )
    .map(
      ([changes, insertions]) =>
        characters
          .map((character, i) => {
            const change = changes[i];
            const changed =
              change === 'wide'
                ? toFullWidth(character)
                : change === 'case'
                  ? character === character.toLowerCase()
                    ? character.toUpperCase()
                    : character.toLowerCase()
                  : change === 'dropIfPunctuation' && (PUNCTUATION.includes(character) || SPACES.includes(character))
                    ? ''
                    : character;
            return insertions[i] + changed;
          })
          .join('') + insertions[characters.length],
    );
}

const KINDS = ['招标公告', '中标结果', '拟建项目'];
const notice = fc.record({
  title: readableText,
  purchaser: readableText,
  noticeType: fc.constantFrom(...KINDS),
  publishDate: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
});

describe('noticeIdentity, for any notice', () => {
  it('gives every cosmetic variant of it the same identity', () => {
    fc.assert(
      fc.property(
        notice.chain((record) =>
          fc.tuple(
            fc.constant(record),
            cosmeticVariant(record.title),
            cosmeticVariant(record.purchaser),
            cosmeticVariant(record.noticeType),
          ),
        ),
        ([record, title, purchaser, noticeType]) => {
          expect(noticeIdentity({ ...record, title, purchaser, noticeType })).toBe(noticeIdentity(record));
        },
      ),
    );
  });

  it('gives it another identity in another kind or on another date', () => {
    fc.assert(
      fc.property(notice, fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 400 }), (record, kind, daysLater) => {
        fc.pre(kind !== record.noticeType);
        const later = new Date(Date.parse(record.publishDate) + daysLater * 86_400_000).toISOString().slice(0, 10);
        expect(noticeIdentity({ ...record, noticeType: kind })).not.toBe(noticeIdentity(record));
        expect(noticeIdentity({ ...record, publishDate: later })).not.toBe(noticeIdentity(record));
      }),
    );
  });
});
