import { describe, expect, it } from 'vitest';
import { foldWords } from './fold-words.js';

describe('foldWords', () => {
  it('drops case, accents and punctuation, and keeps letters of every script', () => {
    expect(foldWords('  Société  Générale, S.A. ')).toBe('societe generale s a');
    expect(foldWords('NIF / VAT-Nr.')).toBe('nif vat nr');
    expect(foldWords('Αρχή Ηλεκτρισμού')).toBe('αρχη ηλεκτρισμου');
  });
});
