import { useState, type FormEvent } from 'react';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { adminEndpoints } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';
import '../security/security.css';
import type { MessageKey } from '@/i18n/messages';

type Stage =
  | { kind: 'password' }
  // `code: false`: the member removed the authenticator app, only a passkey answers (decision 109).
  | { kind: 'code'; passkeys: boolean; code: boolean }
  | { kind: 'enrol'; secret: string; otpauthUrl: string };

/** What a refusal tells the member, without saying which of address, password or code was wrong. */
function messageOf(error: unknown): MessageKey {
  if (!(error instanceof AdminApiError)) return 'signIn.failed';
  if (error.status === 429) return 'signIn.tooMany';
  if (error.number === 11 || error.number === 3) return 'signIn.wrong';
  return 'signIn.failed';
}

/** The key in groups of four, as authenticator apps print it, easier to type from the screen. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Password, then the second factor: the authenticator's code, or a passkey for a member who
 * registered one (decision 095); a first sign-in enrols the authenticator (decision 080).
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (stage.kind === 'password') {
        const step = await adminCall(adminEndpoints.staffSignInPassword, { body: { email, password } });
        setPassword('');
        setStage(
          step.next === 'enrol'
            ? { kind: 'enrol', ...step.enrolment }
            : { kind: 'code', passkeys: step.passkeys === true, code: step.code !== false },
        );
      } else {
        await adminCall(adminEndpoints.staffSignInSecondFactor, { body: { code: code.replace(/\s/g, '') } });
        onSignedIn();
      }
    } catch (caught) {
      const message = messageOf(caught);
      // The half-open session lasts five minutes: past it, start from the password again.
      if (stage.kind !== 'password' && message === 'signIn.wrong') setCode('');
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  /** The passkey instead of the code: the server's challenge, signed by the browser's authenticator. */
  async function usePasskey() {
    setBusy(true);
    setError(null);
    try {
      const { options } = await adminCall(adminEndpoints.staffPasskeySignInOptions);
      const response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
      await adminCall(adminEndpoints.staffPasskeySignIn, { body: { response } });
      onSignedIn();
    } catch (caught) {
      setError(caught instanceof AdminApiError && caught.status === 429 ? 'signIn.tooMany' : 'signIn.passkeyFailed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-title">
        <p className="brand">
          Playz <span>console</span>
        </p>
        <h1 id="sign-in-title">{t(stage.kind === 'enrol' ? 'signIn.enrolTitle' : 'signIn.title')}</h1>
        {stage.kind === 'password' ? (
          <>
            <label>
              {t('signIn.email')}
              <input
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            <label>
              {t('signIn.password')}
              <input
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          </>
        ) : (
          <>
            {stage.kind === 'enrol' ? (
              <div className="enrol">
                <p>{t('signIn.enrolText')}</p>
                <p>
                  {t('signIn.enrolKey')} : <code data-testid="totp-secret">{grouped(stage.secret)}</code>
                </p>
                <a href={stage.otpauthUrl}>{t('signIn.enrolLink')}</a>
              </div>
            ) : null}
            {stage.kind === 'code' && stage.passkeys ? (
              <div className="passkey-choice">
                <button type="button" className="button primary" disabled={busy} onClick={() => void usePasskey()}>
                  {t('signIn.usePasskey')}
                </button>
                <p className="muted">{t(stage.code ? 'signIn.passkeyOr' : 'signIn.passkeyOnly')}</p>
              </div>
            ) : null}
            {stage.kind === 'code' && !stage.code ? null : (
              <label>
                {t('signIn.code')}
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]{6,7}"
                  required
                  autoFocus={!(stage.kind === 'code' && stage.passkeys)}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </label>
            )}
          </>
        )}
        {error ? (
          <p role="alert" className="error">
            {t(error)}
          </p>
        ) : null}
        {stage.kind === 'code' && !stage.code ? null : (
          <button
            type="submit"
            className={stage.kind === 'code' && stage.passkeys ? 'button' : 'button primary'}
            disabled={busy}
          >
            {t(stage.kind === 'password' ? 'signIn.submit' : 'signIn.verify')}
          </button>
        )}
      </form>
    </main>
  );
}
