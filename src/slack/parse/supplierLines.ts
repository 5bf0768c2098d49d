import { looksLikeCreditCode } from '../../core/validation/creditCode.js';
import { isChinese } from '../../i18n/lang.js';
import { withoutMarkup } from './messageText.js';
import { CHINESE_COMPANY_ENDINGS } from './messageWords.js';
import { normaliseText } from './normalise.js';

/** How much of a message is read as a list: the paste form's own limit, so both ways in take the same lists. */
const LONGEST_READ = 3000;
/** The longest a registered Chinese company name runs (the paste form's reading cuts longer cells too). */
const LONGEST_NAME = 60;
/** A list's numbering or bullet before an entry: `1.`, `2、`, `(3)`, `-`, `•`. */
const LIST_MARK = /^(?:[-*•·]|\(?\d{1,4}[).、:：]?)\s+|^\d{1,4}[.、]/u;

/** One cell of a line that names a supplier: a credit code's shape (checked later), or a Chinese company's registered name. */
function namesSupplier(cell: string): boolean {
  const value = cell.trim().replace(LIST_MARK, '').trim();
  if (looksLikeCreditCode(value)) return true;
  return (
    isChinese(value) &&
    value.length <= LONGEST_NAME &&
    !/\s/.test(value) &&
    CHINESE_COMPANY_ENDINGS.some((ending) => value.endsWith(ending) && value.length > ending.length)
  );
}

/**
 * The lines of a message that list suppliers, one a line (`91330106774738789M`, `2、杭州华信光伏科技有限公司`,
 * or columns copied from Excel): each with a credit code's shape or a company's registered name, the
 * list marks taken off. A greeting, a header, a sentence naming a company in passing are not list
 * lines; a mistyped code is (its check character is judged when the list is read, and it is listed
 * as unreadable). The message shortcut offers a supplier check for two such lines or more.
 */
export function supplierLinesIn(raw: string): string[] {
  return raw
    .slice(0, LONGEST_READ)
    .split(/\r?\n/)
    .map((line) =>
      line
        .split('\t')
        .map((cell) => withoutMarkup(normaliseText(cell)).replace(LIST_MARK, '').trim())
        .join('\t'),
    )
    .filter((line) => line.split(/\t|[,，;；]/).some(namesSupplier));
}
