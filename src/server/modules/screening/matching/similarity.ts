/** String similarity for name tokens: Levenshtein ratio, a transliteration-tolerant form, a blocking key. */

let row = new Uint16Array(64);

/** Edit distance (insert, delete, substitute), one row of memory reused between calls. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  const n = b.length;
  if (n === 0) return a.length;
  if (row.length <= n) row = new Uint16Array(n * 2 + 1);
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const above = row[j]!;
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return row[n]!;
}

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function levenshteinRatio(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - levenshtein(a, b) / longer;
}

/**
 * The token with the letters that transliteration systems write differently made one
 * (x/ks, w/v, y/j/i, ts/c, hard c/k, kh/h, doubled letters), so 'Alexander' and 'Aleksandr' come close.
 */
export function phoneticForm(token: string): string {
  return token
    .replace(/sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/x/g, 'ks')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/t[sz]/g, 'c')
    .replace(/c(?![eih])/g, 'k')
    .replace(/kh/g, 'h')
    .replace(/ou/g, 'u')
    .replace(/(.)\1+/g, '$1');
}

/**
 * The consonant skeleton of a phonetic form ('rosneftegaz' → 'rsnftgz', a leading vowel as 'a'):
 * the index looks names up by its first and last three letters, so a vowel spelt differently by a
 * transliteration still finds its entry. Tokens of other scripts are their own skeleton.
 */
export function skeleton(phonetic: string): string {
  if (!/^[a-z]/.test(phonetic)) return phonetic;
  const first = /^[aeiou]/.test(phonetic) ? 'a' : phonetic[0]!;
  return (first + phonetic.slice(1).replace(/[aeiou]/g, '')).replace(/(.)\1+/g, '$1');
}
