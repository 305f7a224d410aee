import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState, type FormEvent } from 'react';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { adminEndpoints } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import './security.css';

const KEY = ['passkeys'] as const;

/**
 * The member's own second factors (decision 095): the authenticator app, removable while a passkey
 * stays (decision 109), and passkeys to add (named, made by the browser's authenticator), list and
 * remove — never the last factor.
 */
export function SecurityPage() {
  const t = useT();
  const locale = useContext(LocaleContext);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => adminCall(adminEndpoints.listPasskeys) });
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });

  const add = useMutation({
    mutationFn: async (keyName: string) => {
      const { options } = await adminCall(adminEndpoints.passkeyRegistrationOptions);
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return adminCall(adminEndpoints.registerPasskey, { body: { name: keyName, response } });
    },
    onSuccess: ({ passkey }) => {
      setName('');
      setNotice({ kind: 'ok', text: t('security.addedNow', { name: passkey.name }) });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) =>
      setNotice({
        kind: 'error',
        text: t(error instanceof AdminApiError && error.number === 5 ? 'security.failed' : 'security.cancelled'),
      }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => adminCall(adminEndpoints.removePasskey, { params: { id } }),
    onSuccess: () => {
      setNotice(null);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      const text: MessageKey =
        error instanceof AdminApiError && error.number === 4 ? 'security.lastFactor' : 'security.failed';
      setNotice({ kind: 'error', text: t(text) });
    },
  });

  // The authenticator app goes only while a passkey stays (decision 109): the server checks it too.
  const removeTotp = useMutation({
    mutationFn: () => adminCall(adminEndpoints.removeTotp),
    onSuccess: () => {
      setNotice({ kind: 'ok', text: t('security.totpRemoved') });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      const text: MessageKey =
        error instanceof AdminApiError && error.number === 4 ? 'security.lastFactor' : 'security.failed';
      setNotice({ kind: 'error', text: t(text) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    add.mutate(name.trim());
  }

  return (
    <section className="security">
      <h1>{t('security.title')}</h1>
      <p>{t('security.intro')}</p>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <>
          <div className="panel factor">
            <h2>{t('security.totp')}</h2>
            <p>{t(list.data.totp ? 'security.totpOn' : 'security.totpOff')}</p>
            {list.data.totp && list.data.passkeys.length > 0 && list.data.available ? (
              <button
                type="button"
                className="button ghost"
                disabled={removeTotp.isPending}
                onClick={() => {
                  setNotice(null);
                  if (window.confirm(t('security.removeTotpConfirm'))) removeTotp.mutate();
                }}
              >
                {t('security.removeTotp')}
              </button>
            ) : null}
            {list.data.totp && list.data.passkeys.length === 0 ? (
              <p className="muted">{t('security.totpNeedsPasskey')}</p>
            ) : null}
          </div>
          <div className="panel factor">
            <h2>{t('security.passkeys')}</h2>
            {list.data.passkeys.length === 0 ? <p className="muted">{t('security.none')}</p> : null}
            <ul className="passkeys">
              {list.data.passkeys.map((passkey) => (
                <li key={passkey.id}>
                  <div>
                    <strong>{passkey.name}</strong>
                    <span className="muted">
                      {' '}
                      · {t('security.added', { date: date(passkey.createdAt) })} ·{' '}
                      {passkey.lastUsedAt
                        ? t('security.used', { date: date(passkey.lastUsedAt) })
                        : t('security.neverUsed')}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button ghost"
                    aria-label={t('security.removeLabel', { name: passkey.name })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(passkey.id)}
                  >
                    {t('security.remove')}
                  </button>
                </li>
              ))}
            </ul>
            {list.data.available ? (
              <form className="add-passkey" onSubmit={submit}>
                <label>
                  {t('security.name')}
                  <input
                    required
                    maxLength={60}
                    value={name}
                    placeholder={t('security.namePlaceholder')}
                    onChange={(e) => setName(e.target.value)}
                  />
                </label>
                <button type="submit" className="button primary" disabled={add.isPending}>
                  {t('security.add')}
                </button>
              </form>
            ) : (
              <p className="muted">{t('security.unavailable')}</p>
            )}
          </div>
          {notice ? (
            <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? 'error' : 'ok'}>
              {notice.text}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
