import { validateMobile } from './french-phone.validator';
import { validateLogin } from './login.validator';
import { validateOperatorId } from './operator.validator';
import { validateParentalCode } from './parental-code.validator';
import { validatePassword, validatePasswordConfirmation } from './password.validator';
import { validatePromoCode } from './promo-code.validator';
import { validateRequired } from './required.validator';
import type { FormErrors, ValidationResult } from './validation-message-key';

// Whole-form checks run on submit; the server is called only when the map is empty (spec 1 §4).

function collect<Field extends string>(checks: Record<Field, ValidationResult>): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const field of Object.keys(checks) as Field[]) {
    const key = checks[field];
    if (key !== null) errors[field] = key;
  }
  return errors;
}

export interface LoginForm {
  login: string;
  password: string;
}

/**
 * "Login form: login and password both required" (spec 1 §5). Only presence is checked: the
 * e-mail pattern and the password length are registration rules, and the server answers a wrong
 * pair with 'loginFailed'.
 */
export function validateLoginForm(form: LoginForm): FormErrors<keyof LoginForm> {
  return collect({
    login: form.login.trim() === '' ? 'loginEmpty' : null,
    password: form.password === '' ? 'passwordEmpty' : null,
  });
}

export interface RegisterForm {
  login: string;
  password: string;
  passwordConfirm: string;
  promoCode?: string;
  parentalCode?: string;
}

/**
 * E-mail and both passwords mandatory; promo code and parental code optional, each well formed
 * when given (spec 1 §5, decision 019).
 */
export function validateRegisterForm(
  form: RegisterForm,
): FormErrors<'login' | 'password' | 'passwordConfirm' | 'promoCode' | 'parentalCode'> {
  return collect({
    login: validateLogin(form.login),
    password: validatePassword(form.password),
    passwordConfirm: validatePasswordConfirmation(form.password, form.passwordConfirm),
    promoCode: validatePromoCode(form.promoCode ?? ''),
    parentalCode: validateParentalCode(form.parentalCode ?? '', true),
  });
}

export interface EditNameForm {
  firstName: string;
  lastName: string;
}

export function validateEditNameForm(form: EditNameForm): FormErrors<keyof EditNameForm> {
  return collect({ firstName: validateRequired(form.firstName), lastName: validateRequired(form.lastName) });
}

export interface EditPasswordForm {
  password: string;
  passwordConfirm: string;
}

export function validateEditPasswordForm(form: EditPasswordForm): FormErrors<keyof EditPasswordForm> {
  return collect({
    password: validatePassword(form.password),
    passwordConfirm: validatePasswordConfirmation(form.password, form.passwordConfirm),
  });
}

/** Forgot password: login required and a valid e-mail (spec 1 §5). */
export function validateForgotPasswordForm(form: { login: string }): FormErrors<'login'> {
  return collect({ login: validateLogin(form.login) });
}

export interface ForgotLoginForm {
  msisdn: string;
  operatorId: number | string;
}

/** Forgot login: mobile number required and valid, operator required (spec 1 §5). */
export function validateForgotLoginForm(form: ForgotLoginForm): FormErrors<keyof ForgotLoginForm> {
  return collect({ msisdn: validateMobile(form.msisdn), operatorId: validateOperatorId(form.operatorId) });
}
