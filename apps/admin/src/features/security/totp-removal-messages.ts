/** Removing the authenticator app from /admin/security, and signing in without it (decision 109). */
export const totpRemovalFr = {
  'security.removeTotp': 'Retirer l’application',
  'security.removeTotpConfirm':
    'Retirer l’application d’authentification ? Vous vous connecterez ensuite avec une clé d’accès.',
  'security.totpRemoved': 'L’application d’authentification est retirée : connectez-vous avec une clé d’accès.',
  'security.totpNeedsPasskey': 'Ajoutez une clé d’accès pour pouvoir retirer l’application.',
  'signIn.passkeyOnly': 'Votre compte se connecte avec une clé d’accès.',
};
export const totpRemovalEn: Record<keyof typeof totpRemovalFr, string> = {
  'security.removeTotp': 'Remove the app',
  'security.removeTotpConfirm': 'Remove the authenticator app? You will then sign in with a passkey.',
  'security.totpRemoved': 'The authenticator app is removed: sign in with a passkey.',
  'security.totpNeedsPasskey': 'Add a passkey to be able to remove the app.',
  'signIn.passkeyOnly': 'Your account signs in with a passkey.',
};
export const totpRemovalNl: Record<keyof typeof totpRemovalFr, string> = {
  'security.removeTotp': 'App verwijderen',
  'security.removeTotpConfirm': 'De authenticator-app verwijderen? U meldt zich daarna aan met een toegangssleutel.',
  'security.totpRemoved': 'De authenticator-app is verwijderd: meld u aan met een toegangssleutel.',
  'security.totpNeedsPasskey': 'Voeg een toegangssleutel toe om de app te kunnen verwijderen.',
  'signIn.passkeyOnly': 'Uw account meldt zich aan met een toegangssleutel.',
};
export const totpRemovalEs: Record<keyof typeof totpRemovalFr, string> = {
  'security.removeTotp': 'Quitar la aplicación',
  'security.removeTotpConfirm':
    '¿Quitar la aplicación de autenticación? Después iniciará sesión con una llave de acceso.',
  'security.totpRemoved': 'La aplicación de autenticación se ha quitado: inicie sesión con una llave de acceso.',
  'security.totpNeedsPasskey': 'Añada una llave de acceso para poder quitar la aplicación.',
  'signIn.passkeyOnly': 'Su cuenta inicia sesión con una llave de acceso.',
};
