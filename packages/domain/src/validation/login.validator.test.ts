import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEditLogin, validateLogin } from './login.validator';

describe('login e-mail (spec 1 §5)', () => {
  it('reports an empty login as loginEmpty', () => {
    expect(validateLogin('')).toBe('loginEmpty');
    expect(validateLogin('   ')).toBe('loginEmpty');
  });

  it.each(['bob@example.com', 'a@b.c', 'jean.dupont+tv@orange.fr', '  bob@example.com  '])(
    'accepts %s with the loose something@something.something pattern',
    (value) => {
      expect(validateLogin(value)).toBeNull();
    },
  );

  it.each(['bob', 'bob@example', '@example.com', 'bob@.com', 'bob@example.', 'bo b@example.com', 'a@b@c.d'])(
    'rejects %s as emailInvalid',
    (value) => {
      expect(validateLogin(value)).toBe('emailInvalid');
    },
  );

  it('never throws and only answers null or a login key (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect([null, 'loginEmpty', 'emailInvalid']).toContain(validateLogin(value));
      }),
    );
  });
});

describe("edit login refuses the service's own domain (spec 1 §5)", () => {
  it("rejects an address whose part after @ contains the service's domain", () => {
    expect(validateEditLogin('bob@playz.fr', 'playz.fr')).toBe('emailInvalid');
    expect(validateEditLogin('bob@mail.PLAYZ.fr', 'playz.fr')).toBe('emailInvalid');
    expect(validateEditLogin('bob@playz.fr', 'www.playz.fr')).toBe('emailInvalid');
  });

  it('accepts other domains, including the domain text before the @', () => {
    expect(validateEditLogin('bob@orange.fr', 'playz.fr')).toBeNull();
    expect(validateEditLogin('playz.fr@orange.fr', 'playz.fr')).toBeNull();
  });

  it('still applies the plain login rules first', () => {
    expect(validateEditLogin('', 'playz.fr')).toBe('loginEmpty');
    expect(validateEditLogin('bob', 'playz.fr')).toBe('emailInvalid');
  });
});
