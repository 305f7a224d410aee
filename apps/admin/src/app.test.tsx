import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from './app';
import { ANA, fakeConsoleApi } from './test/fake-console-api';

const signedOut = { status: 401, number: 11 };

function renderAt(path: string, locale: 'fr' | 'en' = 'fr') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

describe('console sign-in (decision 080)', () => {
  it('password, then enrolment of the authenticator, then the code opens the console', async () => {
    let signedIn = false;
    const api = fakeConsoleApi({
      'GET /session': () => (signedIn ? { response: { staff: ANA } } : signedOut),
      'POST /session/password': () => ({
        response: {
          next: 'enrol',
          enrolment: { secret: 'JBSWY3DPEHPK3PXPJBSW', otpauthUrl: 'otpauth://totp/Playz:ana' },
        },
      }),
      'POST /session/second-factor': (body) => {
        signedIn = (body as { code: string }).code === '123456';
        return signedIn ? { response: { staff: ANA } } : signedOut;
      },
    });
    renderAt('/');
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: 'ana@playz.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'first-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Protégez votre compte' });
    // The code field of the enrolment replaces the password fields.
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByRole('link', { name: 'Ouvrir dans l’application' }).getAttribute('href')).toBe(
      'otpauth://totp/Playz:ana',
    );

    fireEvent.change(screen.getByLabelText(/Code à 6 chiffres/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Adresse, mot de passe ou code incorrect.');

    fireEvent.change(screen.getByLabelText(/Code à 6 chiffres/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByRole('heading', { name: 'Bonjour Ana Martin' });
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeDefined();
    // Every post went as JSON, which the server requires of the console.
    expect(api.calls.filter((c) => c.route.startsWith('POST')).every((c) => c.contentType === 'application/json')).toBe(
      true,
    );
    expect(api.calls.find((c) => c.route === 'POST /session/password')?.body).toEqual({
      email: 'ana@playz.fr',
      password: 'first-password',
    });
  });

  it('too many attempts says so, in the viewer’s language', async () => {
    fakeConsoleApi({ 'GET /session': () => signedOut, 'POST /session/password': () => ({ status: 429, number: 4 }) });
    renderAt('/', 'en');
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'ana@playz.fr' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in a few minutes.');
  });
});

describe('console sections by role (decision 080)', () => {
  it('an admin sees customers, the team and the audit log; adds a member and is shown the first password once', async () => {
    const staff = [ANA];
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /staff': () => ({ response: { staff } }),
      'POST /staff': (body) => {
        const b = body as { email: string; name: string; roles: string[] };
        const member = { ...ANA, id: 2, email: b.email, name: b.name, roles: b.roles, enrolled: false };
        staff.push(member);
        return { response: { staff: member, password: 'Zx9-first-pass' } };
      },
    });
    renderAt('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Sections de la console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/catalogue',
      '/admin/series',
      '/admin/channels',
      '/admin/live-events',
      '/admin/home-rows',
      '/admin/customers',
      '/admin/money',
      '/admin/health',
      '/admin/promo-codes',
      '/admin/offers',
      '/admin/staff',
      '/admin/audit',
      '/admin/jobs',
    ]);
    expect((await screen.findByRole('row', { name: /ana@playz.fr/ })).textContent).toContain(
      'Double authentification active',
    );
    const form = screen.getByRole('form', { name: 'Ajouter un membre' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'eve@playz.fr' } });
    fireEvent.change(within(form).getByLabelText('Nom'), { target: { value: 'Eve' } });
    fireEvent.click(within(form).getByLabelText('Éditorial'));
    fireEvent.click(within(form).getByRole('button', { name: 'Créer le compte' }));
    expect((await screen.findByTestId('first-password')).textContent).toBe('Zx9-first-pass');
    await screen.findByRole('cell', { name: 'eve@playz.fr' });
    expect(screen.getByRole('row', { name: /eve@playz.fr/ }).textContent).toContain('Première connexion à faire');
  });

  it('an editor is shown no admin section, and the staff page refuses them', async () => {
    const eve = { ...ANA, id: 2, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
    const api = fakeConsoleApi({ 'GET /session': () => ({ response: { staff: eve } }) });
    renderAt('/staff');
    expect((await screen.findByRole('alert')).textContent).toContain('Cette section n’est pas ouverte à vos rôles.');
    const nav = screen.getByRole('navigation', { name: 'Sections de la console' });
    // Only the sections an editor may open: the catalogue and channels (decisions 094, 102), the live
    // events (decision 108), the home rows (decision 106), health (decision 091) and the promo codes
    // (decision 090).
    expect(
      within(nav)
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/catalogue',
      '/admin/series',
      '/admin/channels',
      '/admin/live-events',
      '/admin/home-rows',
      '/admin/health',
      '/admin/promo-codes',
    ]);
    expect(api.calls.map((c) => c.route)).toEqual(['GET /session']);
  });

  it('the audit log shows before and after, and pages to older entries', async () => {
    const entry = (id: number) => ({
      id,
      at: '2026-11-29T09:00:00.000Z',
      actor: 'ana@playz.fr',
      staffId: 1,
      action: id === 3 ? 'staff.disable' : 'staff.sign-in',
      targetType: 'staff',
      targetId: '2',
      before: id === 3 ? { disabled: false } : null,
      after: id === 3 ? { disabled: true } : null,
    });
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /audit': (_, url) =>
        url.searchParams.get('after') === 'opaque-2'
          ? { response: { entries: [entry(1)], next: null } }
          : { response: { entries: [entry(3), entry(2)], next: 'opaque-2' } },
    });
    renderAt('/audit');
    const row = await screen.findByRole('row', { name: /staff.disable/ });
    expect([...row.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual([
      'disabled: false',
      'disabled: true',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Plus anciens' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(api.calls.at(-1)?.route).toBe('GET /audit');
    // The older page is asked with the server's cursor as it came, never one the console made.
    expect(vi.mocked(fetch).mock.calls.some((call) => String(call[0]).includes('after=opaque-2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Plus anciens' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'staff.disable' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.at(-1)?.[0]).toContain('action=staff.disable'));
  });
});
