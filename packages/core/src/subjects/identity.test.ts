import { describe, expect, it } from 'vitest';
import { ageOn, identityCheckCharacter, parseIdentityNumber } from './identity.js';

describe('identity number (spec 000 §5)', () => {
  it('accepts an 18-character number whose ISO 7064 MOD 11-2 check character matches, and derives birth date and sex', () => {
    // The standard's worked example: 11010519491231002X.
    expect(identityCheckCharacter('11010519491231002')).toBe('X');
    expect(parseIdentityNumber('11010519491231002X', '2024-01-01')).toEqual({ ok: true, normalised: '11010519491231002X', birthDate: '1949-12-31', sex: 'F' });
    expect(parseIdentityNumber(' 11010519491231002x ', '2024-01-01')).toMatchObject({ ok: true, normalised: '11010519491231002X' });
    // 4·7+4·9+0·10+3·5+0·8+8·4+1·2+9·1+9·6+0·3+0·7+1·9+0·10+1·5+0·8+0·4+1·2 = 192; 192 mod 11 = 5 → '7'.
    expect(identityCheckCharacter('44030819900101001')).toBe('7');
    expect(parseIdentityNumber('440308199001010017', '2024-01-01')).toMatchObject({ ok: true, birthDate: '1990-01-01', sex: 'M' });
  });

  it('refuses a wrong check character', () => {
    expect(parseIdentityNumber('110105194912310021', '2024-01-01')).toEqual({ ok: false, problem: 'checksum' });
    expect(parseIdentityNumber('440308199001010018', '2024-01-01')).toEqual({ ok: false, problem: 'checksum' });
  });

  it('accepts the older 15 digits with a 1900s birth date and sex from the last digit', () => {
    expect(parseIdentityNumber('110105491231002', '2024-01-01')).toEqual({ ok: true, normalised: '110105491231002', birthDate: '1949-12-31', sex: 'F' });
    expect(parseIdentityNumber('110105491231001', '2024-01-01')).toMatchObject({ sex: 'M' });
  });

  it('refuses other lengths, letters, impossible or future birth dates', () => {
    expect(parseIdentityNumber('1101051949123100', '2024-01-01')).toEqual({ ok: false, problem: 'length' });
    expect(parseIdentityNumber('11010519491231002Y', '2024-01-01')).toEqual({ ok: false, problem: 'format' });
    expect(parseIdentityNumber('11010519491231X02X', '2024-01-01')).toEqual({ ok: false, problem: 'format' });
    expect(parseIdentityNumber('01010519491231002X', '2024-01-01')).toEqual({ ok: false, problem: 'format' });
    expect(parseIdentityNumber('110105490231002', '2024-01-01')).toEqual({ ok: false, problem: 'birth_date' });
    const future = '11010520300101001';
    expect(parseIdentityNumber(`${future}${identityCheckCharacter(future)}`, '2024-01-01')).toEqual({ ok: false, problem: 'birth_date' });
    const early = '11010518991231001';
    expect(parseIdentityNumber(`${early}${identityCheckCharacter(early)}`, '2024-01-01')).toEqual({ ok: false, problem: 'birth_date' });
  });
});

describe('age', () => {
  it('counts full years, a birthday not yet reached this year not counted', () => {
    expect(ageOn('1990-06-15', '2024-06-14')).toBe(33);
    expect(ageOn('1990-06-15', '2024-06-15')).toBe(34);
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
    expect(ageOn('2030-01-01', '2024-01-01')).toBeNull();
    expect(ageOn('bad', '2024-01-01')).toBeNull();
  });
});
