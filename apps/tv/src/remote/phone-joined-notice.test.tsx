import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTvI18n } from '@/lib/i18n';
import { PHONE_NOTICE_MS, PhoneJoinedNotice } from './phone-joined-notice';
import { setRemoteStatus } from './remote-status';

afterEach(() => {
  vi.useRealTimers();
  act(() => setRemoteStatus({ state: null, udid: null, clients: 0 }));
});

describe('the TV says when a phone starts driving it (spec 2 §7 onClientsUpdated, decision 034 Apps)', () => {
  it('shows the notice when a phone joins, for a few seconds, and not when one leaves', () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={createTvI18n('fr')}>
        <PhoneJoinedNotice />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => setRemoteStatus({ clients: 1 }));
    expect(screen.getByRole('status').textContent).toBe('Un téléphone pilote maintenant cette TV');
    act(() => void vi.advanceTimersByTime(PHONE_NOTICE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => setRemoteStatus({ clients: 0 }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
