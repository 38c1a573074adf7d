/** Lower case, without accents, words separated by single spaces: 'Société  Générale,' → 'societe generale'. */
export function foldWords(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
