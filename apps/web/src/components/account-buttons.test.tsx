import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeCustomer } from '@/test/fixtures';
import { renderWidget } from '@/test/render-widget';
import { LogoutButton } from './logout-button';
import { NewsletterOptOutButton } from './newsletter-opt-out-button';

describe('log-out button widget (spec 1 §2, §4 logout with confirm)', () => {
  it('opens #logout-confirm over the current page', async () => {
    const { router } = renderWidget(<LogoutButton />, { path: '/customer/account' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' })));
    expect(router.state.location.pathname).toBe('/customer/account');
    expect(router.state.location.hash).toBe('#logout-confirm');
  });
});

describe('newsletter opt-out widget (spec 1 §2, §7 "an edit call with optin 0")', () => {
  it('sends optin=0 and confirms with a toast', async () => {
    const app = renderWidget(<NewsletterOptOutButton isOptedIn />, {
      handlers: { 'POST /customer/edit': { response: { Customer: makeCustomer({ logged: true, optin: false }) } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ne plus recevoir la newsletter' }));
    expect(await screen.findByText('Vous ne recevrez plus la newsletter')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/edit')[0]!.body.get('optin')).toBe('0');
  });

  it("shows the error toast 'Une erreur s'est produite' when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWidget(<NewsletterOptOutButton isOptedIn />, {
      handlers: { 'POST /customer/edit': { error: 5, status: 500 } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ne plus recevoir la newsletter' }));
    await waitFor(() => expect(screen.getByText("Une erreur s'est produite")).toBeInTheDocument());
  });

  it('is not shown to a customer who is not subscribed to the newsletter', () => {
    renderWidget(<NewsletterOptOutButton isOptedIn={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
