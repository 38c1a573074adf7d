import { describe, expect, it } from 'vitest';
import { PORTFOLIO_FILE_MAX_BYTES } from '../../../shared/contracts/portfolio';
import { TEMPLATE_CSV, dispositionFileName, fileProblem, safeFileName } from './portfolio-api';

describe('portfolio api helpers', () => {
  it('reads the file name of a Content-Disposition header, the UTF-8 form first', () => {
    expect(dispositionFileName('attachment; filename="book.csv"')).toBe('book.csv');
    expect(dispositionFileName('attachment; filename=book.xlsx')).toBe('book.xlsx');
    expect(dispositionFileName(`attachment; filename="Carteira_S_o_Jo_o.csv"; filename*=UTF-8''Carteira_S%C3%A3o_Jo%C3%A3o.csv`)).toBe(
      'Carteira_São_João.csv',
    );
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });

  it('makes file names every system accepts', () => {
    expect(safeFileName(' Book: Q4/2026 ', 'csv')).toBe('Book__Q4_2026.csv');
    expect(safeFileName('', 'xlsx')).toBe('portfolio.xlsx');
  });

  it('refuses empty and oversized files before sending them', () => {
    expect(fileProblem(new File([], 'empty.csv'))).toBe('empty.csv is empty.');
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: PORTFOLIO_FILE_MAX_BYTES + 1 });
    expect(fileProblem(big)).toMatch(/big\.csv is larger than 10 MB/);
    expect(fileProblem(new File(['PT500697256,PT'], 'ok.csv'))).toBeNull();
  });

  it('offers a template with the header and a company with two sites', () => {
    const lines = TEMPLATE_CSV.trim().split('\r\n');
    expect(lines[0]).toBe('fiscal_number,country,reference,site_address,site_type');
    expect(lines.filter((l) => l.startsWith('PT500697256,'))).toHaveLength(2);
  });
});
