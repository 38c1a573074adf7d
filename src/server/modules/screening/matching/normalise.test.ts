import { describe, expect, it } from 'vitest';
import { foldText, parseName, tokenise } from './normalise.js';
import { levenshtein, levenshteinRatio, phoneticForm, skeleton } from './similarity.js';

describe('foldText', () => {
  it('case-folds, applies NFKC and strips Latin diacritics', () => {
    expect(foldText('ŠKODA Strojírenství')).toBe('skoda strojirenstvi');
    expect(foldText('Łódź Ørsted Straße Æther')).toBe('lodz orsted strasse aether');
    expect(foldText('ＡＢＣ')).toBe('abc'); // full-width letters (NFKC)
  });

  it('transliterates Russian, Ukrainian, Bulgarian and Serbian Cyrillic', () => {
    expect(foldText('Роснефтегаз Трейдинг')).toBe('rosneftegaz treiding');
    expect(foldText('Щербина Юлия')).toBe('shcherbina yuliya');
    expect(foldText('Щъркова', 'bg')).toBe('shtarkova');
    expect(foldText('Янукович Гнат', 'uk')).toBe('yanukovych hnat');
    expect(foldText('Єрмак Ґалаґан')).toBe('yermak galagan');
    expect(foldText('Ђорђевић Љубомир Његош')).toBe('djordjevic ljubomir njegosh');
    expect(foldText('Његош Ћирић', 'sr')).toBe('njegos ciric');
  });

  it('transliterates Greek, accents and digraphs included', () => {
    expect(foldText('Ελληνικά Πετρέλαια')).toBe('ellinika petrelaia');
    expect(foldText('Κωνσταντίνου Ευάγγελος')).toBe('konstantinou evangelos');
  });

  it('keeps letters of scripts without a table, and their marks', () => {
    expect(foldText('北京科技')).toBe('北京科技');
    expect(foldText('شركة النفط')).toBe('شركة النفط');
    expect(foldText('हिन्दी')).toBe('हिन्दी');
  });
});

describe('tokenise and parseName', () => {
  it('joins dotted abbreviations and splits on other punctuation', () => {
    expect(tokenise('Aurora S.p.A. (Milano) «Test»-Group').map((t) => t.text)).toEqual([
      'aurora', 'spa', 'milano', 'test', 'group',
    ]);
    expect(tokenise('Nordvik A/S, Oslo/Bergen').map((t) => t.text)).toEqual(['nordvik', 'as', 'oslo', 'bergen']);
  });

  it('keeps symbols as tokens: a name of symbols is never dropped', () => {
    expect(tokenise('★★ Star').map((t) => t.text)).toEqual(['★', '★', 'star']);
    expect(tokenise('Gas & Power').map((t) => t.text)).toEqual(['gas', 'and', 'power']);
  });

  it('takes legal forms off either end of a company name, in any script, and keeps them for the reasons', () => {
    const ru = parseName('ООО «Роснефтегаз Трейдинг»', 'enterprise');
    expect(ru.core.map((t) => t.text)).toEqual(['rosneftegaz', 'treiding']);
    expect(ru.legalForms).toEqual([{ raw: 'ООО', family: 'limited company' }]);
    expect(parseName('Kovalski Metal sp. z o.o.', 'enterprise').core.map((t) => t.text)).toEqual(['kovalski', 'metal']);
    expect(parseName('Brenner GmbH & Co. KG', 'enterprise').core.map((t) => t.text)).toEqual(['brenner']);
    expect(parseName('Παπαδόπουλος ΑΕ', 'enterprise').legalForms[0]?.family).toBe('joint-stock company');
  });

  it('never takes a legal form from the middle, from a person, or when nothing would remain', () => {
    expect(parseName('Alpha AB Beta', 'enterprise').core.map((t) => t.text)).toEqual(['alpha', 'ab', 'beta']);
    expect(parseName('Ivan Ao', 'person').core.map((t) => t.text)).toEqual(['ivan', 'ao']);
    expect(parseName('GmbH', 'enterprise').core.map((t) => t.text)).toEqual(['gmbh']);
  });

  it('weighs common words down and reads abbreviations', () => {
    const n = parseName('Baltic Intl Shipping Trading', 'enterprise');
    expect(n.core.map((t) => [t.text, t.weight])).toEqual([
      ['baltic', 1], ['international', 0.25], ['shipping', 0.5], ['trading', 0.25],
    ]);
    expect(parseName('Трейдинг Холдинг', 'enterprise').core.every((t) => t.kind === 'stopword')).toBe(true);
  });
});

describe('similarity', () => {
  it('computes edit distance and its ratio', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshteinRatio('rosneft', 'rosneftegaz')).toBeCloseTo(1 - 4 / 11);
    expect(levenshteinRatio('', '')).toBe(1);
  });

  it('brings transliteration variants together', () => {
    expect(phoneticForm('alexander')).toBe(phoneticForm('aleksander'));
    expect(phoneticForm('kontsern')).toBe(phoneticForm('concern'));
    expect(phoneticForm('gennadiy')).toBe(phoneticForm('gennadii'));
    expect(skeleton(phoneticForm('trading'))).toBe(skeleton(phoneticForm('treiding')));
    expect(skeleton('北京')).toBe('北京');
  });
});
