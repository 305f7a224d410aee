import { SUPPORTED_LOCALES, VALIDATION_MESSAGE_KEYS } from '@playz/domain';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr, type Messages } from './fr';
import { messages } from './translate';

function flatten(node: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const frFlat = flatten(fr);

describe('catalogues in fr, en, nl, es with French as source (spec 1 §1, CONVENTIONS §11)', () => {
  it('has one catalogue per supported locale', () => {
    expect(Object.keys(messages).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES)('%s has exactly the keys of fr', (locale) => {
    expect(Object.keys(flatten(messages[locale])).sort()).toEqual(Object.keys(frFlat).sort());
  });

  it.each(SUPPORTED_LOCALES)('%s has no empty text and the same {{variables}} as fr', (locale) => {
    for (const [key, text] of Object.entries(flatten(messages[locale]))) {
      expect(text.trim(), key).not.toBe('');
      expect(variables(text), key).toEqual(variables(frFlat[key] ?? ''));
    }
  });

  it('has a message for every validation key of the domain, in every locale', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of VALIDATION_MESSAGE_KEYS) expect(messages[locale].validation[key]).toBeTruthy();
    }
  });

  it('rejects a catalogue that misses a key at compile time', () => {
    // @ts-expect-error menu.home alone does not satisfy Messages
    const incomplete: Messages = { ...en, menu: { home: 'Home' } };
    expect(incomplete.menu.home).toBe('Home');
  });
});

describe('French wordings exactly as the spec (spec 1 §5, §8; spec 2 §8; spec 3 §5, §8)', () => {
  it.each([
    ['validation.loginEmpty', 'Veuillez saisir votre adresse email'],
    ['validation.emailInvalid', "L'adresse email saisie n'est pas valide"],
    ['validation.passwordEmpty', 'Veuillez saisir votre mot de passe'],
    ['validation.passwordMismatch', 'Les mots de passe ne correspondent pas'],
    ['validation.passwordTooShort', 'Le mot de passe est trop court'],
    ['validation.passwordInvalid', "Le mode passe n'est pas valide"],
    ['validation.emailExists', 'Cette adresse email est déjà enregistrée'],
    ['validation.loginFailed', 'Connexion impossible'],
    ['validation.parentalCodeInvalid', 'Veuillez saisir un code à 4 chiffres'],
    ['validation.phoneInvalid', "Le numéro n'est pas valide"],
    ['validation.phoneUnknown', "Ce numéro n'est pas associé a un compte."],
    ['errors.generic', "Une erreur s'est produite"],
    ['errors.billing', "Une erreur s'est produite lors du paiement"],
    ['errors.linkExpired', 'Le lien a expiré'],
    ['errors.notFound', 'Page non trouvée'],
    ['errors.forbidden', 'Contenu non autorisé'],
    ['errors.serverError', 'Erreur serveur'],
    ['errors.back', 'Retour'],
    ['footer.withdrawal', '14 jours de rétractation'],
  ])('%s is %j', (key, text) => {
    expect(frFlat[key]).toBe(text);
  });

  it("keeps the spec's English generic message 'An error occured'", () => {
    expect(en.errors.generic).toBe('An error occured');
  });
});
