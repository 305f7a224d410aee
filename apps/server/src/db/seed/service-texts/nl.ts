import type { LocaleServiceTexts } from './locale-service-texts';

/**
 * Dutch, translated from the French reference section by section. The interface speaks to the
 * viewer as "je" and names its buttons and links as the nl catalogue does (Mijn account,
 * Opzeggen, Wachtwoord vergeten?), so the texts match what the viewer sees on screen.
 */
export const NL_SERVICE_TEXTS: LocaleServiceTexts = {
  pages: {
    terms: {
      name: 'Algemene voorwaarden',
      sections: [
        {
          title: 'Onderwerp',
          text: 'Deze voorwaarden regelen de toegang tot de dienst Playz, uitgegeven door Playz Médias SAS, die livezenders, terugkijken, series en films via streaming aanbiedt.',
        },
        {
          title: 'Abonnement en gratis periode',
          text: 'Het abonnement loopt per week of per maand, zonder minimale looptijd. De eerste week of de eerste maand kan gratis zijn; daarna loopt het abonnement door tegen de getoonde week- of maandprijs, tenzij je het opzegt vóór het einde van de gratis periode.',
        },
        {
          title: 'Prijzen en betaling',
          text: 'De prijzen zijn inclusief alle belastingen. Je betaalt via de rekening van je mobiele operator, met een betaalkaart met 3-D Secure, met PayPal of via de winkel van het platform dat je gebruikt.',
        },
        {
          title: 'Herroepingsrecht',
          text: 'Je hebt 14 dagen vanaf het afsluiten van het abonnement om je herroepingsrecht uit te oefenen, met het herroepingsformulier of per e-mail aan contact@playz.fr.',
        },
        {
          title: 'Opzegging',
          text: 'Je kunt op elk moment opzeggen via de pagina Mijn account. Je houdt toegang tot het einde van de betaalde periode.',
        },
        {
          title: 'Contactgegevens',
          text: 'Klantenservice: contact@playz.fr, +33 4 72 00 00 00, Playz Médias, 12 rue de la Lumière, 69003 Lyon, Frankrijk.',
        },
      ],
    },
    privacy: {
      name: 'Privacybeleid',
      sections: [
        {
          title: 'Verwerkingsverantwoordelijke',
          text: 'Playz Médias SAS, 12 rue de la Lumière, 69003 Lyon, Frankrijk, is verantwoordelijk voor de hier beschreven verwerkingen.',
        },
        {
          title: 'Verzamelde gegevens',
          text: 'E-mailadres, voor- en achternaam als je die opgeeft, mobiel nummer voor betaling via je operator, kijkgeschiedenis en favorieten, verbonden apparaten.',
        },
        {
          title: 'Doeleinden',
          text: 'De dienst leveren, het afspelen hervatten waar je was gebleven, het abonnement en de facturering beheren, en bezoekersstatistieken bijhouden als je daarmee instemt.',
        },
        {
          title: 'Bewaartermijn',
          text: 'Accountgegevens worden bewaard zolang het account bestaat en daarna verwijderd; factuurgegevens worden bewaard gedurende de wettelijke termijn.',
        },
        {
          title: 'Je rechten',
          text: 'Je kunt je gegevens inzien, laten corrigeren of verwijderen, of bezwaar maken tegen de verwerking ervan door te schrijven naar contact@playz.fr. Je kunt ook een klacht indienen bij de CNIL, de Franse toezichthouder voor gegevensbescherming.',
        },
      ],
    },
    faq: {
      name: 'Veelgestelde vragen',
      sections: [
        {
          title: 'Hoe kijk ik Playz op mijn televisie?',
          text: 'Installeer de Playz-app op je televisie of tv-box en log daarna vanaf je telefoon in met de code die op het scherm verschijnt.',
        },
        {
          title: 'Hoe zeg ik mijn abonnement op?',
          text: 'Op de pagina Mijn account, met de knop Opzeggen. Je houdt toegang tot het einde van de betaalde periode.',
        },
        {
          title: 'Ik ben mijn wachtwoord vergeten',
          text: 'Gebruik de link Wachtwoord vergeten? op de inlogpagina: je krijgt per e-mail een link die 20 minuten geldig is.',
        },
        {
          title: 'Op hoeveel apparaten kan ik kijken?',
          text: 'Je kunt op meerdere apparaten inloggen; het aantal streams dat tegelijk kan worden afgespeeld is beperkt.',
        },
      ],
    },
    cookies: {
      name: 'Cookies',
      sections: [
        {
          title: 'Wat is een cookie?',
          text: 'Een cookie is een klein bestand dat op je apparaat wordt opgeslagen. Sommige cookies zijn onmisbaar voor de dienst, andere worden alleen met je toestemming opgeslagen, voor 6 maanden.',
        },
        { title: 'Jouw keuzes', text: 'Je kunt je keuzes op elk moment wijzigen: {{cookieSettingsLink}}.' },
        { title: 'Welke cookies we gebruiken', text: '{{cookieTable}}' },
      ],
    },
  },
  app: {
    publisher: { contact: 'Contentdirectie, Playz Médias' },
    cookieTypes: {
      1: {
        name: 'Functioneel',
        description: 'Onmisbaar voor de dienst: sessie, taal, cookiekeuzes.',
        cookies: { 1: 'Inlogsessie', 2: 'Cookiebanner gesloten', 3: 'Klant-ID' },
      },
      2: {
        name: 'Statistieken',
        description: 'Helpen ons te begrijpen hoe de dienst wordt gebruikt.',
        cookies: { 4: 'Meet-ID', 5: 'Meetsessie', 6: 'Bezoek' },
      },
      3: {
        name: 'Advertenties',
        description: 'Meten hoe doeltreffend onze campagnes zijn.',
        cookies: { 7: 'Conversie' },
      },
    },
  },
};
