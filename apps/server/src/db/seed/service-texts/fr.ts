import type { LocaleServiceTexts } from './locale-service-texts';

/** French, the text of reference (spec 1 §2); the application data is French already. */
export const FR_SERVICE_TEXTS: LocaleServiceTexts = {
  pages: {
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
  },
};
