import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { remoteKeyOf } from '@playz/platform';
import { createTvI18n } from '@/lib/i18n';
import { listenToRemote } from '@/navigation/remote-keys';
import { ParentalCodeDialog } from './parental-code-dialog';
import { switchNeedsCode } from './parental-code';
import { currentAsk, deliverParentalCode, watchHandoff } from '@/remote/handoff';

const profile = (UUID: string, isKids: boolean) => ({
  UUID,
  userName: UUID,
  posterUrl: null,
  previewUrl: null,
  thumbnailUrl: null,
  profilePictureID: null,
  isKids,
});

describe('parental code on the TV (spec 2 §4 "4 single digits", spec 1 §3 kids profiles)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('spec 1 §3: only leaving a kids profile of an account with a code asks for it', () => {
    const kids = profile('kids', true);
    const adult = profile('adult', false);
    const customer = { profiles: [kids, adult], currentProfileIndex: 0, hasParentalCode: true };
    expect(switchNeedsCode(customer, adult)).toBe(true);
    expect(switchNeedsCode({ ...customer, hasParentalCode: false }, adult)).toBe(false);
    expect(switchNeedsCode({ ...customer, currentProfileIndex: 1 }, kids)).toBe(false);
  });

  it('spec 2 §4: takes 4 digits from the remote, submits them, starts again after a wrong code; back cancels', () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const dialog = (wrong: boolean) => (
      <I18nextProvider i18n={createTvI18n('fr')}>
        <ParentalCodeDialog message="Code ?" wrong={wrong} busy={false} onSubmit={onSubmit} onCancel={onCancel} />
      </I18nextProvider>
    );
    const view = render(dialog(false));
    stops.push(
      listenToRemote(window, (event) => remoteKeyOf(event, 'Web'), { back: () => {}, ensureFocus: () => false }),
    );
    const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key })));
    const filled = () => document.querySelectorAll('.pin__cell[data-filled]').length;
    for (const key of ['1', '2', '3']) press(key);
    expect(filled()).toBe(3);
    expect(onSubmit).not.toHaveBeenCalled();
    press('4');
    expect(onSubmit).toHaveBeenCalledWith('1234');
    view.rerender(dialog(true));
    expect(filled()).toBe(0);
    expect(screen.getByRole('alert').textContent).toBe('Le code parental est incorrect');
    press('Escape');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('decision 040: while open it asks the linked phones; a code sent from a phone is submitted as typed', () => {
    const onSubmit = vi.fn();
    const dialog = (wrong: boolean) => (
      <I18nextProvider i18n={createTvI18n('fr')}>
        <ParentalCodeDialog message="Code ?" wrong={wrong} busy={false} onSubmit={onSubmit} onCancel={() => {}} />
      </I18nextProvider>
    );
    const heard: (string | null)[] = [];
    stops.push(watchHandoff(() => heard.push(currentAsk())));
    const view = render(dialog(false));
    expect(currentAsk()).toBe('parental-code');
    act(() => deliverParentalCode('0482'));
    expect(onSubmit).toHaveBeenCalledWith('0482');
    expect(document.querySelectorAll('.pin__cell[data-filled]').length).toBe(4);
    view.rerender(dialog(true));
    expect(currentAsk()).toBe('parental-code-again');
    view.unmount();
    // Closed: nothing is asked, and a late code from a phone goes nowhere.
    expect(currentAsk()).toBeNull();
    expect(heard.at(-1)).toBeNull();
    deliverParentalCode('9999');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
