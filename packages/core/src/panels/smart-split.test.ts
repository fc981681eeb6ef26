import { describe, expect, it } from 'vitest';
import { smartSplit } from './smart-split.js';

describe('spec 001 §5.2: smart split on whitespace, newlines and semicolons; empties and duplicates removed', () => {
  it.each<[string, string, string[]]>([
    ['spaces', '头痛 恶心 呕吐', ['头痛', '恶心', '呕吐']],
    ['newlines', 'Headache\nNausea\r\nVomiting', ['Headache', 'Nausea', 'Vomiting']],
    ['tabs', 'a\tb', ['a', 'b']],
    ['ASCII semicolons', 'a;b;c', ['a', 'b', 'c']],
    ['full-width semicolons are normalised', '头痛；恶心；呕吐', ['头痛', '恶心', '呕吐']],
    ['full-width spaces are normalised', '头痛　恶心', ['头痛', '恶心']],
    ['full-width letters and digits are normalised', 'ＡＢＣ；１２３', ['ABC', '123']],
    ['runs of separators give no empty pieces', ';; a ;\n\n b ;;', ['a', 'b']],
    ['duplicates are removed, first order kept', 'b a b c a', ['b', 'a', 'c']],
    ['duplicates after normalisation are removed', 'ＡＢ AB', ['AB']],
    ['commas do not split', 'a,b c', ['a,b', 'c']],
    ['empty text gives nothing', '', []],
    ['only separators give nothing', ' ；; \n', []],
  ])('%s', (_name, text, expected) => {
    expect(smartSplit(text)).toEqual(expected);
  });
});
