import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidFrenchLandline,
  isValidFrenchMobile,
  isValidFrenchPhone,
  normalizeFrenchPhone,
  validateMobile,
  validatePhone,
} from './french-phone.validator';

describe('French phone numbers (spec 1 §5, spec 3 §5)', () => {
  it.each(['0123456789', '0298765432', '0512345678', '0612345678', '0712345678', '0812345678', '0912345678'])(
    'accepts %s for country fr',
    (number) => {
      expect(isValidFrenchPhone(number)).toBe(true);
      expect(validatePhone(number)).toBeNull();
    },
  );

  it.each(['0012345678', '1234567890', '061234567', '06123456789', '06 12 34 56 7a', ''])('rejects %j', (number) => {
    expect(isValidFrenchPhone(number)).toBe(false);
  });

  it('treats other countries as invalid', () => {
    expect(isValidFrenchPhone('0612345678', 'be')).toBe(false);
    expect(isValidFrenchPhone('0612345678', 'FR')).toBe(true);
  });

  it('tells landlines (01-05, 08, 09) from mobiles (06, 07)', () => {
    expect(isValidFrenchMobile('0612345678')).toBe(true);
    expect(isValidFrenchMobile('0712345678')).toBe(true);
    expect(isValidFrenchMobile('0112345678')).toBe(false);
    expect(isValidFrenchMobile('0812345678')).toBe(false);
    expect(isValidFrenchLandline('0812345678')).toBe(true);
    expect(isValidFrenchLandline('0612345678')).toBe(false);
  });

  it('gives phoneEmpty then phoneInvalid messages (spec 3 §5)', () => {
    expect(validatePhone('')).toBe('phoneEmpty');
    expect(validateMobile('  ')).toBe('phoneEmpty');
    expect(validateMobile('0123456789')).toBe('phoneInvalid');
    expect(validateMobile('06 12 34 56 78')).toBeNull();
  });
});

describe('French phone input normalisation (our decision beyond spec 1 §5)', () => {
  it.each([
    ['06 12 34 56 78', '0612345678'],
    ['06.12.34.56.78', '0612345678'],
    ['06-12-34-56-78', '0612345678'],
    ['+33 6 12 34 56 78', '0612345678'],
    ['+33612345678', '0612345678'],
    ['0033 6 12 34 56 78', '0612345678'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeFrenchPhone(input)).toBe(expected);
    expect(isValidFrenchMobile(input)).toBe(true);
  });

  it('does not accept a trunk 0 after +33', () => {
    expect(isValidFrenchMobile('+33 06 12 34 56 78')).toBe(false);
  });

  const digit = fc.integer({ min: 0, max: 9 }).map(String);
  const mobile = fc
    .tuple(fc.constantFrom('6', '7'), fc.array(digit, { minLength: 8, maxLength: 8 }))
    .map(([prefix, rest]) => `0${prefix}${rest.join('')}`);

  it('keeps any mobile valid whatever separators or prefix are typed (property)', () => {
    fc.assert(
      fc.property(mobile, fc.constantFrom(' ', '.', '-', ''), fc.boolean(), (number, sep, international) => {
        const pairs = number.match(/../g)!.join(sep);
        const typed = international ? `+33${sep}${pairs.slice(1)}` : pairs;
        expect(normalizeFrenchPhone(typed)).toBe(number);
        expect(validateMobile(typed)).toBeNull();
      }),
    );
  });

  it('never accepts a number that does not have 10 digits once normalised (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (isValidFrenchPhone(value)) expect(normalizeFrenchPhone(value)).toMatch(/^0[1-9][0-9]{8}$/);
      }),
    );
  });
});
