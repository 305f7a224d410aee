import { createHash, randomInt } from 'node:crypto';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '@playz/api-contract';

/** 8 characters from 32 unambiguous ones (no 0/O, 1/I): 2^40 codes, easy to type on a phone. */
export function generateLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i += 1) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/** What a person types: any case, spaces and dashes ignored. */
export function normalizeLinkCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Only a hash is stored, like session tokens: a leaked table gives no usable code. */
export function hashLinkCode(code: string): string {
  return createHash('sha256').update(`link:${code}`).digest('hex');
}
