import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// The browser's WebAuthn dialogs are the library's; here they answer what a key would.
const webauthn = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const KEY = { id: 3, name: 'Clé USB', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null };
const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

beforeEach(() => {
  webauthn.startRegistration.mockReset();
  webauthn.startAuthentication.mockReset();
});

describe('a member’s passkeys (decision 095)', () => {
  it('adds a named passkey made by the browser, lists it, and removes it', async () => {
    let keys = [KEY];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /passkeys': () => ({ response: { passkeys: keys, totp: true, available: true } }),
      'POST /passkeys/options': () => ({ response: { options: { challenge: 'abc', rp: { id: 'localhost' } } } }),
      'POST /passkeys': (body) => {
        const added = { id: 4, name: (body as { name: string }).name, createdAt: KEY.createdAt, lastUsedAt: null };
        keys = [...keys, added];
        return { response: { passkey: added } };
      },
      'POST /passkeys/3/remove': () => {
        keys = keys.filter((k) => k.id !== 3);
        return { response: { passkeys: keys } };
      },
    });
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    renderAt('/security');
    await screen.findByText('Clé USB');
    expect(screen.getByText('Activée')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nom de la clé'), { target: { value: 'Téléphone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'La clé Téléphone est ajoutée.');
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rp: { id: 'localhost' } },
    });
    expect(api.calls.find((c) => c.route === 'POST /passkeys')?.body).toEqual({ name: 'Téléphone', response: ANSWER });
    await screen.findByText('Téléphone');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la clé Clé USB' }));
    await waitFor(() => expect(screen.queryByText('Clé USB')).toBeNull());
  });

  it('says so when the device cancels, and when the last factor is refused', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /passkeys': () => ({ response: { passkeys: [KEY], totp: false, available: true } }),
      'POST /passkeys/options': () => ({ response: { options: { challenge: 'abc' } } }),
      'POST /passkeys/3/remove': () => ({ status: 403, number: 4 }),
    });
    webauthn.startRegistration.mockRejectedValue(new Error('NotAllowedError'));
    renderAt('/security');
    fireEvent.change(await screen.findByLabelText('Nom de la clé'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect((await screen.findByRole('alert')).textContent).toBe('L’ajout a été annulé ou refusé par l’appareil.');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la clé Clé USB' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'C’est votre dernier second facteur : il ne peut pas être retiré.',
      ),
    );
    expect(within(screen.getByRole('list')).getByText('Clé USB')).toBeInTheDocument();
  });
});

describe('sign-in with a passkey (decision 095)', () => {
  it('after the password, the passkey opens the console without a code', async () => {
    let signedIn = false;
    const api = fakeConsoleApi({
      'GET /session': () => (signedIn ? { response: { staff: ANA } } : { status: 401, number: 11 }),
      'POST /session/password': () => ({ response: { next: 'totp', passkeys: true } }),
      'POST /session/passkey/options': () => ({ response: { options: { challenge: 'xyz' } } }),
      'POST /session/passkey': () => {
        signedIn = true;
        return { response: { staff: ANA } };
      },
    });
    webauthn.startAuthentication.mockResolvedValue(ANSWER);
    renderAt('/');
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: 'ana@playz.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Utiliser ma clé d’accès' }));
    await screen.findByRole('navigation', { name: 'Sections de la console' });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
    expect(api.calls.find((c) => c.route === 'POST /session/passkey')?.body).toEqual({ response: ANSWER });
  });

  it('a member without passkeys is offered the code only', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ status: 401, number: 11 }),
      'POST /session/password': () => ({ response: { next: 'totp', passkeys: false } }),
    });
    renderAt('/');
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: 'ana@playz.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByLabelText('Code à 6 chiffres de votre application d’authentification');
    expect(screen.queryByRole('button', { name: 'Utiliser ma clé d’accès' })).toBeNull();
  });
});

describe('removing the authenticator app (decision 109)', () => {
  it('with a passkey the app is removed after confirming; without one the page says why it stays', async () => {
    let totp = true;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /passkeys': () => ({ response: { passkeys: [KEY], totp, available: true } }),
      'POST /security/totp/remove': () => {
        totp = false;
        return { response: { totp: false, passkeys: 1 } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer l’application' }));
    expect(confirm.mock.calls[0]![0]).toMatch(/^Retirer l’application d’authentification \?/);
    expect((await screen.findByRole('status')).textContent).toBe(
      'L’application d’authentification est retirée : connectez-vous avec une clé d’accès.',
    );
    await screen.findByText('Non activée');
    expect(screen.queryByRole('button', { name: 'Retirer l’application' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'POST /security/totp/remove')).toHaveLength(1);
    confirm.mockRestore();
  });

  it('a member with no passkey is told to add one first, and offered no button', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /passkeys': () => ({ response: { passkeys: [], totp: true, available: true } }),
    });
    renderAt('/security');
    await screen.findByText('Ajoutez une clé d’accès pour pouvoir retirer l’application.');
    expect(screen.queryByRole('button', { name: 'Retirer l’application' })).toBeNull();
  });

  it('a member without the app signs in with the passkey alone: no code field', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ status: 401, number: 11 }),
      'POST /session/password': () => ({ response: { next: 'totp', passkeys: true, code: false } }),
    });
    renderAt('/');
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: 'ana@playz.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('button', { name: 'Utiliser ma clé d’accès' });
    expect(screen.getByText('Votre compte se connecte avec une clé d’accès.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code à 6 chiffres de votre application d’authentification')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
  });
});
