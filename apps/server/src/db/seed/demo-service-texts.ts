/**
 * Legal and information texts (spec 1 §2 text pages, §3 Service text page: name and sections).
 * French is the text of reference; English is provided, nl and es fall back to French until a
 * translator delivers them (the legal wording must not be machine-made).
 * The cookies page carries two markers the client replaces (spec 1 §2): {{cookieSettingsLink}}
 * and {{cookieTable}}.
 */
export interface ServiceText {
  name: string;
  sections: { title: string; text: string }[];
}

const fr: Record<string, ServiceText> = {
  terms: {
    name: "Conditions générales d'utilisation",
    sections: [
      {
        title: 'Objet',
        text: "Les présentes conditions régissent l'accès au service Playz, édité par Playz Médias SAS, qui propose des chaînes en direct, du replay, des séries et des films en streaming.",
      },
      {
        title: 'Abonnement et période offerte',
        text: "L'abonnement est hebdomadaire ou mensuel, sans engagement. Une première semaine ou un premier mois peut être offert ; l'abonnement se poursuit ensuite au prix hebdomadaire ou mensuel affiché, sauf résiliation avant la fin de la période offerte.",
      },
      {
        title: 'Prix et paiement',
        text: 'Les prix sont indiqués toutes taxes comprises. Le paiement se fait par facturation opérateur, carte bancaire avec 3-D Secure, PayPal ou le magasin de la plateforme utilisée.',
      },
      {
        title: 'Droit de rétractation',
        text: "Vous disposez d'un délai de 14 jours à compter de la souscription pour exercer votre droit de rétractation, au moyen du formulaire de rétractation ou par courrier électronique à contact@playz.fr.",
      },
      {
        title: 'Résiliation',
        text: "Vous pouvez résilier à tout moment depuis la page Mon compte. L'accès reste ouvert jusqu'à la fin de la période payée.",
      },
      {
        title: 'Contact',
        text: 'Service client : contact@playz.fr, 04 72 00 00 00, Playz Médias, 12 rue de la Lumière, 69003 Lyon.',
      },
    ],
  },
  privacy: {
    name: 'Politique de confidentialité',
    sections: [
      {
        title: 'Responsable du traitement',
        text: 'Playz Médias SAS, 12 rue de la Lumière, 69003 Lyon, est responsable des traitements décrits ici.',
      },
      {
        title: 'Données collectées',
        text: 'Adresse e-mail, nom et prénom si vous les renseignez, numéro de mobile pour la facturation opérateur, historique de lecture et favoris, appareils connectés.',
      },
      {
        title: 'Finalités',
        text: "Fournir le service, reprendre la lecture où vous l'avez laissée, gérer l'abonnement et la facturation, mesurer l'audience si vous l'acceptez.",
      },
      {
        title: 'Durée de conservation',
        text: 'Les données du compte sont conservées tant que le compte existe, puis supprimées ; les données de facturation sont conservées pendant la durée légale.',
      },
      {
        title: 'Vos droits',
        text: 'Vous pouvez accéder à vos données, les rectifier, les supprimer ou vous opposer à leur traitement en écrivant à contact@playz.fr. Vous pouvez aussi saisir la CNIL.',
      },
    ],
  },
  faq: {
    name: 'Questions fréquentes',
    sections: [
      {
        title: 'Comment regarder Playz sur ma télévision ?',
        text: "Installez l'application Playz sur votre téléviseur ou votre box, puis connectez-vous avec le code affiché à l'écran depuis votre téléphone.",
      },
      {
        title: 'Comment résilier ?',
        text: "Depuis la page Mon compte, bouton Se désabonner. L'accès reste ouvert jusqu'à la fin de la période payée.",
      },
      {
        title: "J'ai oublié mon mot de passe",
        text: 'Utilisez le lien Mot de passe oublié sur la page de connexion : un lien valable 20 minutes vous est envoyé par e-mail.',
      },
      {
        title: 'Sur combien d’appareils puis-je regarder ?',
        text: 'Vous pouvez vous connecter sur plusieurs appareils ; le nombre de lectures simultanées est limité.',
      },
    ],
  },
  cookies: {
    name: 'Cookies',
    sections: [
      {
        title: 'Qu’est-ce qu’un cookie ?',
        text: "Un cookie est un petit fichier déposé sur votre appareil. Certains sont indispensables au service, d'autres ne sont déposés qu'avec votre accord, pour 6 mois.",
      },
      { title: 'Vos choix', text: 'Vous pouvez modifier vos choix à tout moment : {{cookieSettingsLink}}.' },
      { title: 'Les cookies utilisés', text: '{{cookieTable}}' },
    ],
  },
};

const en: Record<string, ServiceText> = {
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
};

export const DEMO_SERVICE_TEXTS: Record<string, Record<string, ServiceText>> = { fr, en };
