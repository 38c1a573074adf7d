/**
 * A portfolio's results as a file: CSV (UTF-8 with a BOM so spreadsheets read the accents,
 * comma-separated, CRLF) or XLSX. One line per row. A text cell that a spreadsheet would take for
 * a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so a
 * fiscal number or address from an uploaded file can never run as a formula on the broker's desk.
 */

export type ExportCell = string | number | null;

export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
}

/** Neutralises a text cell against formula injection (numbers are left as numbers). */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : safeCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: ExportTable): Buffer {
  const lines = [table.header, ...table.rows].map((cells) => cells.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(table: ExportTable, sheetName: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Corisk';
  const sheet = workbook.addWorksheet(sheetName.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Portfolio', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header.map(safeCell)).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((c) => (typeof c === 'string' ? safeCell(c) : c)));
  // A filter on every column of the header row, so a broker can sort and narrow the sites at once.
  if (table.header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + table.rows.length, column: table.header.length } };
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(...[table.header, ...table.rows].map((r) => String(r[i] ?? '').length));
    column.width = Math.min(60, Math.max(8, longest + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
