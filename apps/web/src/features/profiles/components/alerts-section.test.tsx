import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const withAlert = (enabled: boolean, deltaTime = 15): Customer =>
  subscriber({
    loggedWith: 'playz',
    alerts: [
      { alertType: 'LiveEvent', deltaTime, enabled },
      { alertType: 'Newsletter', deltaTime: 0, enabled: false },
    ],
  });

function openAccount(customer: Customer, result = true) {
  return renderApp('/customer/account', {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    'POST /customer/edit/alert': { response: { Result: result } },
  });
}

describe('live event alert on my account (spec 1 §3 Alert, §7 /customer/edit/alert)', () => {
  it('turns the alert on with its delay, then changes how long before', async () => {
    const app = openAccount(withAlert(false));
    const block = within(await screen.findByRole('region', { name: 'Alertes' }));
    const toggle = block.getByRole('switch', { name: /Me prévenir avant un événement en direct/ });
    const delay = block.getByRole('combobox', { name: 'Me prévenir' });
    expect(delay).toBeDisabled();
    fireEvent.click(toggle);
    expect(await screen.findByText('Alerte activée')).toBeInTheDocument();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(delay).not.toBeDisabled());

    fireEvent.change(delay, { target: { value: '30' } });
    await waitFor(() => expect(app.callsTo('POST', '/customer/edit/alert')).toHaveLength(2));
    const sent = app
      .callsTo('POST', '/customer/edit/alert')
      .map((call) => ['alert_type', 'enabled', 'delta_time'].map((name) => call.body.get(name)));
    expect(sent).toEqual([
      ['LiveEvent', '1', '15'],
      ['LiveEvent', '1', '30'],
    ]);
    await waitFor(() => expect((delay as HTMLSelectElement).value).toBe('30'));
    expect(
      within(delay)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 minutes avant', '15 minutes avant', '30 minutes avant', '60 minutes avant']);
  });

  it('keeps the saved setting and shows the error when the server refuses', async () => {
    openAccount(withAlert(true, 60), false);
    const block = within(await screen.findByRole('region', { name: 'Alertes' }));
    const toggle = block.getByRole('switch', { name: /Me prévenir avant un événement en direct/ });
    fireEvent.click(toggle);
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
