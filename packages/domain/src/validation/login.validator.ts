import type { ValidationResult } from './validation-message-key';

// "A loose pattern (something, at sign, something, dot, something)" (spec 1 §5). Whitespace and a
// second @ are not "something" in an address, so they are excluded.
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Surrounding spaces are a typing slip, not part of an address: we trim before checking, and
// callers send the trimmed value.
export function validateLogin(value: string): ValidationResult {
  const login = value.trim();
  if (login === '') return 'loginEmpty';
  return LOOSE_EMAIL.test(login) ? null : 'emailInvalid';
}

/**
 * Edit login also rejects an address on the service's own domain (spec 1 §5): those are domain
 * mailboxes handed out by the service. A leading "www." of the site domain is ignored so that
 * "www.playz.fr" still forbids "bob@playz.fr".
 */
export function validateEditLogin(value: string, serviceDomain: string): ValidationResult {
  const result = validateLogin(value);
  if (result !== null) return result;
  const domain = serviceDomain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (domain === '') return null;
  const afterAt = value.trim().toLowerCase().split('@')[1] ?? '';
  return afterAt.includes(domain) ? 'emailInvalid' : null;
}
