import { describe, expect, it } from 'vitest';
import { es } from './es';
import { nl } from './nl';

// The nl and es service texts (terms, privacy, faq, cookies...) speak to the viewer informally,
// Dutch "je" and Spanish "tú"; the interface must not switch to "u" / "usted" from one screen to
// the next. French keeps "vous" (spec wording), English has no such distinction.

function texts(node: object, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : texts(value as object, `${prefix}${key}.`),
  );
}

// Dutch formal address: the pronouns "u" and "uw" (any case) as whole words.
const dutchFormal = /(^|[^\p{L}])(u|uw|uzelf)(?=$|[^\p{L}])/iu;

// Spanish formal address: "usted", the formal imperatives and the third-person forms used for
// "you" that a translator reaches for first. Words that are also fine in the third person
// ("su", "puede") are left out: they name the service or a profile in several texts.
const spanishFormal =
  /(^|[^\p{L}])(ustedes|usted|introduzca|elija|seleccione|haga|inténtelo|pulse|inicie|cambie|consulte|compruebe|espere|vuelva|escriba|pida|revise|acepte|confirme|descargue|disfrute|suscríbase|contáctenos|escríbanos|le recuerda|está usando|ha alcanzado|recibirá)(?=$|[^\p{L}])/iu;

describe('nl and es address the viewer informally, like their service texts (CONVENTIONS §11)', () => {
  it('nl says "je" and "jouw", never "u" or "uw"', () => {
    expect(texts(nl).filter(([, text]) => dutchFormal.test(text))).toEqual([]);
  });

  it('es says "tú", never "usted" nor its imperatives', () => {
    expect(texts(es).filter(([, text]) => spanishFormal.test(text))).toEqual([]);
  });

  it('catches the formal forms it is meant to catch', () => {
    expect('U kunt uw keuze wijzigen').toMatch(dutchFormal);
    expect('Kies welke cookies u accepteert.').toMatch(dutchFormal);
    expect('Uw keuzes voor cookies').toMatch(dutchFormal);
    expect('Je kunt je keuze wijzigen').not.toMatch(dutchFormal);
    expect('Elija las cookies que acepta.').toMatch(spanishFormal);
    expect('Introduzca su código parental').toMatch(spanishFormal);
    expect('Ya no recibirá el boletín').toMatch(spanishFormal);
    expect('Elige las cookies que aceptas.').not.toMatch(spanishFormal);
    expect('Ya no recibirás el boletín').not.toMatch(spanishFormal);
  });
});
