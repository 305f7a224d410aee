import type { Messages } from './fr';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type StripPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | `${Prefix}${StripPlural<K>}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every dot path of the French catalogue ('validation.loginEmpty'), plus the base name of each
 * plural ('time.daysLeft', used with a count), so a mistyped key fails to compile.
 */
export type MessageKey = Leaves<Messages>;
