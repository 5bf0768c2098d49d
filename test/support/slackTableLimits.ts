/**
 * Slack's native table blocks as a test oracle, written from Slack's reference pages (read 2026-11-24)
 * and not from the app's renderer:
 *
 * - data_table — https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 *   `type` "data_table", `rows` and `caption` required; `page_size` an integer, min 1, max 100
 *   (default 5); `row_header_column_index` 0-based (default 0). Cells are `rich_text`, `raw_text`
 *   (`text`, minLength 1) or `raw_number` (`value` a number, `text` minLength 1). The first row is
 *   the header and may not hold rich_text. At least 2 rows (a header and one row) and at most 101
 *   (100 rows and the header); every row the same length; 1 to 20 columns. "A single table's
 *   character count across all cells cannot exceed 10,000 characters. Additionally, the aggregate
 *   character count across all table cells for a single message cannot exceed 10,000 characters."
 *   A column sorts as numbers only when all its cells are raw_number (else alphabetically).
 * - table — https://docs.slack.dev/reference/block-kit/blocks/table-block
 *   `rows` at most 100, each at most 20 cells (raw_text or rich_text on the page; @slack/types 3.2.0
 *   also admits raw_number); `column_settings` at most 20 items of `align` left|center|right and
 *   `is_wrapped` boolean.
 *
 * Neither page, as far as could be read, names the surfaces; the app treats both as message-only and
 * one per message (a third-party summary of the table page says "1 per msg"), so the oracle refuses a
 * table in a modal or on Home and a second table in one message.
 */
import { z } from 'zod';

export const TABLE_LIMITS = {
  dataTableRows: 101,
  dataTableMinRows: 2,
  tableRows: 100,
  columns: 20,
  columnSettings: 20,
  pageSizeMin: 1,
  pageSizeMax: 100,
  charactersPerTable: 10_000,
  charactersPerMessage: 10_000,
  tablesPerMessage: 1,
  blockId: 255,
} as const;

const rawText = z.strictObject({ type: z.literal('raw_text'), text: z.string().min(1) });
const rawNumber = z.strictObject({
  type: z.literal('raw_number'),
  value: z.number().finite(),
  text: z.string().min(1),
});
const richText = z.looseObject({ type: z.literal('rich_text'), elements: z.array(z.unknown()).min(1) });

const dataTableCell = z.union([rawText, rawNumber, richText]);
const headerCell = z.union([rawText, rawNumber]);

type Cell = z.infer<typeof dataTableCell>;

/** What the character limits count: the text of every cell (rich_text by its text leaves). */
function cellCharacters(cell: unknown): number {
  if (Array.isArray(cell)) return cell.reduce((sum: number, item) => sum + cellCharacters(item), 0);
  if (typeof cell !== 'object' || cell === null) return 0;
  const node = cell as Record<string, unknown>;
  let sum = typeof node.text === 'string' ? node.text.length : 0;
  for (const [key, value] of Object.entries(node)) if (key !== 'text') sum += cellCharacters(value);
  return sum;
}

export function tableCharacters(rows: readonly (readonly unknown[])[]): number {
  return rows.reduce((sum: number, row) => sum + cellCharacters(row), 0);
}

function sameLength(rows: readonly (readonly unknown[])[], ctx: z.RefinementCtx): void {
  const width = rows[0]?.length ?? 0;
  rows.forEach((row, index) => {
    if (row.length !== width)
      ctx.addIssue({
        code: 'custom',
        path: ['rows', index],
        message: `all rows have the same number of values (${row.length}, not ${width})`,
      });
  });
}

function withinCharacters(rows: readonly (readonly unknown[])[], ctx: z.RefinementCtx): void {
  const characters = tableCharacters(rows);
  if (characters > TABLE_LIMITS.charactersPerTable)
    ctx.addIssue({
      code: 'custom',
      path: ['rows'],
      message: `${characters} characters across all cells, at most ${TABLE_LIMITS.charactersPerTable}`,
    });
}

export const dataTableBlockSchema = z
  .strictObject({
    type: z.literal('data_table'),
    block_id: z.string().max(TABLE_LIMITS.blockId).optional(),
    caption: z.string(),
    page_size: z.number().int().min(TABLE_LIMITS.pageSizeMin).max(TABLE_LIMITS.pageSizeMax).optional(),
    row_header_column_index: z.number().int().min(0).optional(),
    rows: z
      .tuple(
        [z.array(headerCell).min(1).max(TABLE_LIMITS.columns)],
        z.array(dataTableCell).min(1).max(TABLE_LIMITS.columns),
      )
      .superRefine((rows, ctx) => {
        if (rows.length < TABLE_LIMITS.dataTableMinRows)
          ctx.addIssue({ code: 'custom', message: 'a header and at least one row' });
        if (rows.length > TABLE_LIMITS.dataTableRows)
          ctx.addIssue({
            code: 'custom',
            message: `${rows.length} rows, at most ${TABLE_LIMITS.dataTableRows} with the header`,
          });
      }),
  })
  .superRefine((block, ctx) => {
    sameLength(block.rows, ctx);
    withinCharacters(block.rows, ctx);
    const columns = block.rows[0].length;
    if (block.row_header_column_index !== undefined && block.row_header_column_index >= columns) {
      ctx.addIssue({
        code: 'custom',
        path: ['row_header_column_index'],
        message: `column ${block.row_header_column_index} of ${columns}`,
      });
    }
  });

export const tableBlockSchema = z
  .strictObject({
    type: z.literal('table'),
    block_id: z.string().max(TABLE_LIMITS.blockId).optional(),
    rows: z
      .array(
        z
          .array(z.union([rawText, rawNumber, richText]))
          .min(1)
          .max(TABLE_LIMITS.columns),
      )
      .min(1)
      .max(TABLE_LIMITS.tableRows),
    column_settings: z
      .array(
        z.union([
          z.null(),
          z.strictObject({ align: z.enum(['left', 'center', 'right']).optional(), is_wrapped: z.boolean().optional() }),
        ]),
      )
      .max(TABLE_LIMITS.columnSettings)
      .optional(),
  })
  .superRefine((block, ctx) => {
    sameLength(block.rows, ctx);
    withinCharacters(block.rows, ctx);
  });

export function isTableBlock(block: unknown): block is { type: 'table' | 'data_table'; rows: Cell[][] } {
  return (
    typeof block === 'object' &&
    block !== null &&
    ((block as { type?: unknown }).type === 'table' || (block as { type?: unknown }).type === 'data_table')
  );
}

/** Columns whose body cells are all raw_number: Slack sorts these as numbers, others alphabetically. */
export function numericColumns(block: { rows: Cell[][] }): number[] {
  const [, ...body] = block.rows;
  const width = block.rows[0]?.length ?? 0;
  return Array.from({ length: width }, (_, column) => column).filter(
    (column) => body.length > 0 && body.every((row) => row[column]?.type === 'raw_number'),
  );
}

/** The problems of one table block, in words; empty when Slack's pages allow it. */
export function tableBlockProblems(block: unknown): string[] {
  const schema = (block as { type?: unknown }).type === 'table' ? tableBlockSchema : dataTableBlockSchema;
  const parsed = schema.safeParse(block);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(block)'}: ${issue.message}`);
}

/** The message-wide table rules: how many tables, and their characters together. */
export function messageTableProblems(blocks: readonly unknown[]): string[] {
  const tables = blocks.filter(isTableBlock);
  const problems: string[] = [];
  if (tables.length > TABLE_LIMITS.tablesPerMessage)
    problems.push(`${tables.length} tables in one message, at most ${TABLE_LIMITS.tablesPerMessage}`);
  const characters = tables.reduce(
    (sum, table) => sum + tableCharacters(Array.isArray(table.rows) ? table.rows : []),
    0,
  );
  if (characters > TABLE_LIMITS.charactersPerMessage)
    problems.push(`${characters} table characters in one message, at most ${TABLE_LIMITS.charactersPerMessage}`);
  return problems;
}

/**
 * What a Slack client shows of a data_table: `page_size` rows a page (5 when unset), sorted by a
 * column if the reader asked, numerically when every cell of that column is raw_number and
 * alphabetically otherwise (the reference page's rule). All of it happens in the client: nothing is
 * sent to the app or anywhere else.
 */
export function browseDataTable(
  block: { rows: Cell[][]; page_size?: number },
  view: { page: number; sortBy?: number; descending?: boolean },
): Cell[][] {
  const [, ...body] = block.rows;
  const rows = [...body];
  if (view.sortBy !== undefined) {
    const column = view.sortBy;
    const numeric = numericColumns(block).includes(column);
    const key = (row: Cell[]) => row[column]!;
    rows.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const order = numeric
        ? (x as { value: number }).value - (y as { value: number }).value
        : String((x as { text?: string }).text).localeCompare(String((y as { text?: string }).text));
      return view.descending ? -order : order;
    });
  }
  const size = block.page_size ?? 5;
  return rows.slice((view.page - 1) * size, view.page * size);
}
