import { ApiErrorNumber } from '@playz/domain';
import { describe, expect, it } from 'vitest';
import { apiErrorMessageKey } from './api-error-message-key';
import type { MessageKey } from './message-key';
import { translate } from './translate';

describe('translate picks the locale and falls back to French (spec 1 §1, §4)', () => {
  it('uses the requested locale', () => {
    expect(translate('fr', 'errors.notFound')).toBe('Page non trouvée');
    expect(translate('en', 'errors.notFound')).toBe('Page not found');
    expect(translate('nl', 'menu.logout')).toBe('Uitloggen');
    expect(translate('es', 'validation.loginFailed')).toBe('No se ha podido iniciar sesión');
  });

  it('cuts a regional locale to its language', () => {
    expect(translate('en_GB', 'menu.home')).toBe('Home');
    expect(translate('ES-es', 'menu.home')).toBe('Inicio');
  });

  it('falls back to French for an unsupported or missing locale, then to the key', () => {
    expect(translate('de', 'menu.home')).toBe('Accueil');
    expect(translate(undefined, 'menu.home')).toBe('Accueil');
    expect(translate('en', 'menu.nowhere' as MessageKey)).toBe('menu.nowhere');
    expect(translate('en', 'menu' as MessageKey)).toBe('menu');
  });
});

describe('plurals and interpolation (spec 1 §2 time left, spec 3 §4 singular when 1 or less)', () => {
  it('uses the singular in French for 0 and 1 and the plural above', () => {
    expect(translate('fr', 'time.daysLeft', { count: 1 })).toBe('1 jour restant');
    expect(translate('fr', 'time.daysLeft', { count: 12 })).toBe('12 jours restants');
    expect(translate('fr', 'time.hoursLeft', { count: 0 })).toBe('0 heure restante');
  });

  it('follows each language rules', () => {
    expect(translate('en', 'time.hoursLeft', { count: 0 })).toBe('0 hours left');
    expect(translate('en', 'time.hoursLeft', { count: 1 })).toBe('1 hour left');
    expect(translate('es', 'time.daysLeft', { count: 3 })).toBe('Quedan 3 días');
    expect(translate('nl', 'cookies.months', { count: 6 })).toBe('6 maanden');
  });

  it('falls back to _other for CLDR categories the catalogue lacks', () => {
    // French reads 1 000 000 as "many".
    expect(translate('fr', 'cookies.days', { count: 1_000_000 })).toBe('1000000 jours');
  });

  it('fills {{variables}} and leaves unknown ones visible', () => {
    expect(translate('fr', 'landing.pricePerMonth', { price: '7,99 €' })).toBe('7,99 € / mois');
    expect(translate('en', 'player.scheduledAt', { time: '20:30' })).toBe('Scheduled at 20:30');
    expect(translate('fr', 'player.scheduledAt')).toBe('Programmé à {{time}}');
  });
});

describe('API error messages for the viewer (spec 1 §8 account handling)', () => {
  it.each([
    [ApiErrorNumber.AuthenticationFailed, 'validation.loginFailed', 'Connexion impossible'],
    [ApiErrorNumber.EmailAlreadyExists, 'validation.emailExists', 'Cette adresse email est déjà enregistrée'],
    [ApiErrorNumber.PasswordNotValid, 'validation.passwordInvalid', "Le mode passe n'est pas valide"],
    [ApiErrorNumber.ContentNotFound, 'errors.notFound', 'Page non trouvée'],
    [ApiErrorNumber.SeasonNotFound, 'errors.notFound', 'Page non trouvée'],
    [ApiErrorNumber.Forbidden, 'errors.forbidden', 'Contenu non autorisé'],
    [ApiErrorNumber.InternalError, 'errors.serverError', 'Erreur serveur'],
    [ApiErrorNumber.CustomerTokenExpired, 'errors.linkExpired', 'Le lien a expiré'],
    [ApiErrorNumber.ReceiptNotValid, 'errors.billing', "Une erreur s'est produite lors du paiement"],
    [ApiErrorNumber.MissingParameter, 'errors.missingParameter', 'Un paramètre obligatoire est manquant'],
    [ApiErrorNumber.BadParameter, 'errors.badParameter', "Un paramètre n'est pas valide"],
    [ApiErrorNumber.Error, 'errors.generic', "Une erreur s'est produite"],
  ])('number %i reads %s', (number, key, french) => {
    expect(apiErrorMessageKey(number)).toBe(key);
    expect(translate('fr', apiErrorMessageKey(number))).toBe(french);
  });

  it('resolves to a real text in every locale for every catalogue number', () => {
    for (const number of Object.values(ApiErrorNumber)) {
      const key = apiErrorMessageKey(number);
      for (const locale of ['fr', 'en', 'nl', 'es']) expect(translate(locale, key)).not.toBe(key);
    }
  });
});
