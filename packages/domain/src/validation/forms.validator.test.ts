import { describe, expect, it } from 'vitest';
import {
  validateEditNameForm,
  validateEditPasswordForm,
  validateForgotLoginForm,
  validateForgotPasswordForm,
  validateLoginForm,
  validateRegisterForm,
} from './forms.validator';
import { isFormValid } from './validation-message-key';

describe('login form: login and password both required (spec 1 §5)', () => {
  it('reports each missing field', () => {
    expect(validateLoginForm({ login: '', password: '' })).toEqual({
      login: 'loginEmpty',
      password: 'passwordEmpty',
    });
  });

  it('lets a filled form through to the server', () => {
    const errors = validateLoginForm({ login: 'bob@example.com', password: 'x' });
    expect(errors).toEqual({});
    expect(isFormValid(errors)).toBe(true);
  });
});

describe('register form (spec 1 §5)', () => {
  const valid = { login: 'bob@example.com', password: 'secret', passwordConfirm: 'secret' };

  it('needs e-mail and both passwords, promo and parental codes optional', () => {
    expect(validateRegisterForm(valid)).toEqual({});
    expect(validateRegisterForm({ ...valid, promoCode: '', parentalCode: '' })).toEqual({});
  });

  it('puts a malformed promo code under its field (decision 019)', () => {
    expect(validateRegisterForm({ ...valid, promoCode: 'bienvenue' })).toEqual({});
    expect(validateRegisterForm({ ...valid, promoCode: 'BIEN VENUE' })).toEqual({ promoCode: 'promoCodeInvalid' });
  });

  it('reports every field at once', () => {
    expect(validateRegisterForm({ login: 'bob', password: 'abc', passwordConfirm: 'abd', parentalCode: '12' })).toEqual(
      {
        login: 'emailInvalid',
        password: 'passwordTooShort',
        passwordConfirm: 'passwordMismatch',
        parentalCode: 'parentalCodeInvalid',
      },
    );
    expect(isFormValid(validateRegisterForm({ ...valid, passwordConfirm: '' }))).toBe(false);
  });
});

describe('account edit and recovery forms (spec 1 §5)', () => {
  it('requires first and last names', () => {
    expect(validateEditNameForm({ firstName: ' ', lastName: 'Martin' })).toEqual({ firstName: 'required' });
  });

  it('checks the new password and its confirmation', () => {
    expect(validateEditPasswordForm({ password: 'abcdef', passwordConfirm: 'abcdeg' })).toEqual({
      passwordConfirm: 'passwordMismatch',
    });
  });

  it('forgot password needs a valid e-mail', () => {
    expect(validateForgotPasswordForm({ login: '' })).toEqual({ login: 'loginEmpty' });
    expect(validateForgotPasswordForm({ login: 'bob@' })).toEqual({ login: 'emailInvalid' });
  });

  it('forgot login needs a valid mobile and an operator', () => {
    expect(validateForgotLoginForm({ msisdn: '', operatorId: 0 })).toEqual({
      msisdn: 'phoneEmpty',
      operatorId: 'operatorEmpty',
    });
    expect(validateForgotLoginForm({ msisdn: '06 12 34 56 78', operatorId: '5' })).toEqual({});
  });
});
