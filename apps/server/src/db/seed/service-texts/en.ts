import type { LocaleServiceTexts } from './locale-service-texts';

/** English (spec 1 §1 interface languages): the pages and the texts of the application data. */
export const EN_SERVICE_TEXTS: LocaleServiceTexts = {
  pages: {
    terms: {
      name: 'Terms of use',
      sections: [
        {
          title: 'Purpose',
          text: 'These terms govern access to the Playz service, published by Playz Médias SAS, which offers live channels, catch-up TV, series and films by streaming.',
        },
        {
          title: 'Subscription and free period',
          text: 'The subscription is weekly or monthly, with no commitment. A first week or month may be free; the subscription then continues at the weekly or monthly price shown unless cancelled before the free period ends.',
        },
        {
          title: 'Prices and payment',
          text: 'Prices include all taxes. Payment is by mobile operator billing, card with 3-D Secure, PayPal or the store of the platform you use.',
        },
        {
          title: 'Right of withdrawal',
          text: 'You have 14 days from subscription to withdraw, using the withdrawal form or by e-mail to contact@playz.fr.',
        },
        {
          title: 'Cancellation',
          text: 'You can cancel at any time from the My account page. Access stays open until the end of the paid period.',
        },
        {
          title: 'Contact',
          text: 'Customer service: contact@playz.fr, +33 4 72 00 00 00, Playz Médias, 12 rue de la Lumière, 69003 Lyon, France.',
        },
      ],
    },
    privacy: {
      name: 'Privacy policy',
      sections: [
        {
          title: 'Controller',
          text: 'Playz Médias SAS, 12 rue de la Lumière, 69003 Lyon, France, controls the processing described here.',
        },
        {
          title: 'Data collected',
          text: 'E-mail address, first and last name if you give them, mobile number for operator billing, watch history and favourites, connected devices.',
        },
        {
          title: 'Purposes',
          text: 'Providing the service, resuming playback where you stopped, managing the subscription and billing, audience measurement if you accept it.',
        },
        {
          title: 'Retention',
          text: 'Account data is kept while the account exists, then deleted; billing data is kept for the legal period.',
        },
        {
          title: 'Your rights',
          text: 'You can access, correct or delete your data, or object to its processing, by writing to contact@playz.fr. You may also complain to the CNIL.',
        },
      ],
    },
    faq: {
      name: 'Frequently asked questions',
      sections: [
        {
          title: 'How do I watch Playz on my TV?',
          text: 'Install the Playz app on your TV or set-top box, then sign in with the code shown on screen from your phone.',
        },
        {
          title: 'How do I cancel?',
          text: 'From the My account page, Unsubscribe button. Access stays open until the end of the paid period.',
        },
        {
          title: 'I forgot my password',
          text: 'Use the Forgot password link on the login page: a link valid for 20 minutes is sent to you by e-mail.',
        },
        {
          title: 'On how many devices can I watch?',
          text: 'You can sign in on several devices; the number of simultaneous streams is limited.',
        },
      ],
    },
    cookies: {
      name: 'Cookies',
      sections: [
        {
          title: 'What is a cookie?',
          text: 'A cookie is a small file stored on your device. Some are needed for the service, others are only stored with your consent, for 6 months.',
        },
        { title: 'Your choices', text: 'You can change your choices at any time: {{cookieSettingsLink}}.' },
        { title: 'Cookies we use', text: '{{cookieTable}}' },
      ],
    },
  },
  app: {
    publisher: { contact: 'Content management, Playz Médias' },
    cookieTypes: {
      1: {
        name: 'Functional',
        description: 'Needed for the service: session, language, cookie choices.',
        cookies: { 1: 'Login session', 2: 'Cookie banner closed', 3: 'Customer identifier' },
      },
      2: {
        name: 'Audience measurement',
        description: 'Help us understand how the service is used.',
        cookies: { 4: 'Measurement identifier', 5: 'Measurement session', 6: 'Visit' },
      },
      3: {
        name: 'Advertising',
        description: 'Measure how well our campaigns work.',
        cookies: { 7: 'Conversion' },
      },
    },
  },
};
