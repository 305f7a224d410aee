import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeCustomer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const data = { 'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } } };
const open = (path: string, handlers: Record<string, MockHandler> = {}) => renderApp(path, { ...data, ...handlers });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorUnder = (label: RegExp) => {
  const ids = (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('forgot password (spec 1 §2, §5, §7)', () => {
  it('prefills the e-mail and says a message was sent', async () => {
    const app = open('/customer/forgot-password?email=abonne%40playz.fr', {
      'GET /customer/forgot-password': { response: { Result: true } },
    });
    expect(await screen.findByLabelText(/^Adresse email/)).toHaveAttribute('value', 'abonne@playz.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('heading', { name: 'Message envoyé' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Un message a été envoyé à abonne@playz.fr.');
    expect(app.callsTo('GET', '/customer/forgot-password')[0]?.query.get('email')).toBe('abonne@playz.fr');
  });

  it('requires a valid e-mail before calling the server', async () => {
    const app = open('/customer/forgot-password');
    await screen.findByRole('heading', { name: 'Mot de passe oublié' });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(errorUnder(/^Adresse email/)).toContain('Veuillez saisir votre adresse email');
    type(/^Adresse email/, 'bob@nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(errorUnder(/^Adresse email/)).toContain("L'adresse email saisie n'est pas valide");
    expect(app.callsTo('GET', '/customer/forgot-password')).toHaveLength(0);
  });

  it('shows the generic message at form level when the call fails', async () => {
    open('/customer/forgot-password?email=a%40b.fr', { 'GET /customer/forgot-password': { networkError: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });
});

describe('forgot login (spec 1 §2, §5, §8)', () => {
  it('offers the operators 1 to 5 with 0 as none chosen, and requires number and operator', async () => {
    const app = open('/customer/forgot-login');
    const select = await screen.findByLabelText(/^Opérateur/);
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['0', 'Choisissez votre opérateur'],
      ['1', 'Orange/Sosh'],
      ['2', 'SFR/RED'],
      ['3', 'Bouygues/B&You'],
      ['4', 'Free'],
      ['5', 'Coriolis'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(errorUnder(/^Numéro de mobile/)).toContain('Veuillez saisir votre numéro de téléphone');
    expect(errorUnder(/^Opérateur/)).toContain('Veuillez choisir votre opérateur');
    type(/^Numéro de mobile/, '0112345678');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(errorUnder(/^Numéro de mobile/)).toContain("Le numéro n'est pas valide");
    expect(app.callsTo('GET', '/customer/forgot-login')).toHaveLength(0);
  });

  it('says the login went to the number, with the help contact', async () => {
    const app = open('/customer/forgot-login', { 'GET /customer/forgot-login': { response: { Result: true } } });
    type(await screen.findByLabelText(/^Numéro de mobile/).then(() => /^Numéro de mobile/), '06 12 34 56 78');
    fireEvent.change(screen.getByLabelText(/^Opérateur/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Votre identifiant a été envoyé par SMS au 06 12 34 56 78.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact@playz.fr' })).toHaveAttribute('href', 'mailto:contact@playz.fr');
    const query = app.callsTo('GET', '/customer/forgot-login')[0]!.query;
    expect(query.get('msisdn')).toBe('0612345678');
    expect(query.get('operator_id')).toBe('2');
  });

  it('shows the unknown-number message under the field and the help contact when the answer is false', async () => {
    open('/customer/forgot-login', { 'GET /customer/forgot-login': { response: { Result: false } } });
    type(await screen.findByLabelText(/^Numéro de mobile/).then(() => /^Numéro de mobile/), '0712345678');
    fireEvent.change(screen.getByLabelText(/^Opérateur/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(errorUnder(/^Numéro de mobile/)).toContain("Ce numéro n'est pas associé a un compte."));
    expect(screen.getByRole('link', { name: 'contact@playz.fr' })).toBeInTheDocument();
  });
});

describe('password reset from the link (spec 1 §2, §4, §8)', () => {
  const path = '/customer/change-password?secret=s3cr3t';

  it('shows a spinner while the secret is checked, then the form', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    open(path, {
      'GET /customer/password/check': async () => (await pending, { response: { Status: 'valid' } }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement');
    release();
    expect(await screen.findByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeInTheDocument();
  });

  it("shows 'Le lien a expiré' with a back button for an expired secret", async () => {
    const app = open(path, { 'GET /customer/password/check': { response: { Status: 'expired' } } });
    expect(await screen.findByRole('heading', { name: 'Le lien a expiré' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });

  it('shows not-found when the check did not finish', async () => {
    open(path, { 'GET /customer/password/check': { networkError: true } });
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
  });

  it('checks both passwords, reports 14 under the password, then confirms the change', async () => {
    let answer: MockHandler = { error: 14 };
    const app = open(path, {
      'GET /customer/password/check': { response: { Status: 'valid' } },
      'POST /customer/password/reset': () => answer as never,
    });
    await screen.findByRole('heading', { name: 'Choisir un nouveau mot de passe' });
    type(/^Nouveau mot de passe/, 'abcdef');
    type(/^Confirmation du mot de passe/, 'abcdeg');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(errorUnder(/^Confirmation du mot de passe/)).toContain('Les mots de passe ne correspondent pas');
    type(/^Confirmation du mot de passe/, 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(errorUnder(/^Nouveau mot de passe/)).toContain("Le mode passe n'est pas valide"));
    answer = { response: { Success: true } };
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe modifié' })).toBeInTheDocument();
    const body = app.callsTo('POST', '/customer/password/reset')[1]!.body;
    expect([body.get('secret'), body.get('password'), body.get('password_confirm')]).toEqual([
      's3cr3t',
      'abcdef',
      'abcdef',
    ]);
  });

  it('turns into the expired page when the secret died meanwhile (42)', async () => {
    open(path, {
      'GET /customer/password/check': { response: { Status: 'valid' } },
      'POST /customer/password/reset': { error: 42 },
    });
    await screen.findByRole('heading', { name: 'Choisir un nouveau mot de passe' });
    type(/^Nouveau mot de passe/, 'abcdef');
    type(/^Confirmation du mot de passe/, 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('heading', { name: 'Le lien a expiré' })).toBeInTheDocument();
  });
});

describe('recovery and registration as hash dialogs on desktop (spec 1 §2 dialog routes)', () => {
  it('opens #/customer/forgot-password over the page and closes it with Escape', async () => {
    const app = open('/error/not-found#/customer/forgot-password');
    const dialog = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    expect(within(dialog).getByLabelText(/^Adresse email/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.hash).toBe('');
  });

  it('opens #/customer/register for a visitor', async () => {
    open('/error/not-found#/customer/register');
    const dialog = await screen.findByRole('dialog', { name: 'Créer un compte' });
    expect(within(dialog).getByRole('button', { name: 'Créer mon compte' })).toBeInTheDocument();
  });
});
