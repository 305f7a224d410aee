import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Spinner } from '@/components/spinner';
import { loginPath } from '@/lib/catalogue-links';
import {
  billingLinkPath,
  isLinkCode,
  normalizeLinkCode,
  useBillingLinkCheck,
  type BillingLinkKey,
  type BillingLinkPurchase,
} from '../api/use-billing-link';
import { TvIcon } from './billing-icons';

/** The frame of the cross-screen pages: the payment stage, a TV mark over the title. */
function LinkCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="payment-page">
      <section
        className={`payment-card billing-link${wide ? ' payment-card--wide billing-link--offers' : ''}`}
        aria-labelledby="billing-link-title"
      >
        <div className="billing-link__head">
          <span className="billing-link__mark" aria-hidden="true">
            <TvIcon size={26} />
          </span>
          <h1 className="payment-card__title" id="billing-link-title">
            {t('billing.link.title')}
          </h1>
        </div>
        {children}
      </section>
    </div>
  );
}

/**
 * The code form (spec 3 §1 cross screen): the 8 characters shown on the TV, in any case, spaces
 * allowed. Checked on submit (spec 3 §5); a good code opens its page, which asks the server.
 */
function LinkCodeForm({ error = null }: { error?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeLinkCode(typed);
    if (!isLinkCode(code)) return setInvalid(true);
    void navigate(billingLinkPath({ code }));
  };
  return (
    <Form className="billing-link__form" onSubmit={submit}>
      <FormField
        label={t('billing.link.codeLabel')}
        hint={t('billing.link.codeHint')}
        error={invalid ? t('billing.link.codeInvalid') : error}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setInvalid(false);
        }}
        className="billing-link__code-input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        isRequired
      />
      <SubmitButton label={t('common.continue')} look="large" />
    </Form>
  );
}

/** /billing/link: the phone types the code its TV shows (spec 3 §1, §7; decision 030). */
export function BillingLinkCodePage() {
  const { t } = useTranslation();
  return (
    <LinkCard>
      <p className="payment-card__intro">{t('billing.link.codeIntro')}</p>
      <LinkCodeForm />
    </LinkCard>
  );
}

/**
 * /billing/link/{token or code} (spec 3 §1 cross screen, §7; decision 030): the phone pays for the
 * TV's account. It shows that account (masked), then by the link's state: log in to that account
 * (coming back here), switch account, the offers (their flows come back here), the TV ready once
 * paid, or how to get a new code once expired.
 */
export function BillingLinkPage({
  linkKey,
  viewer,
  offers,
  switchAccount,
}: {
  linkKey: BillingLinkKey;
  viewer: { logged: boolean; uid: string };
  /**
   * What the phone may pay, leading into the payment flows with this page as requested_url: the
   * subscription offers, or the one item a purchase link buys (decision 040).
   */
  offers: (requestedUrl: string, purchase: BillingLinkPurchase | null) => ReactNode;
  /** Logs out, then opens log-in back to this page (composed by the route: features/auth). */
  switchAccount: (requestedUrl: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const check = useBillingLinkCheck(linkKey, viewer.uid);
  const here = billingLinkPath(linkKey);

  if (check.isPending) {
    return (
      <LinkCard>
        <Spinner size={40} label={t('common.loading')} />
      </LinkCard>
    );
  }
  if (check.isError) {
    const isUnknown = isApiError(check.error, ApiErrorNumber.BillingNotFound);
    const message = isUnknown
      ? t('token' in linkKey ? 'billing.link.unknownLink' : 'billing.link.unknownCode')
      : t('errors.generic');
    return (
      <LinkCard>
        <p className="notice" role="alert">
          {message}
        </p>
        {isUnknown ? <LinkCodeForm /> : null}
      </LinkCard>
    );
  }

  const link = check.data;
  const account = (
    <p className="billing-link__account">
      <span className="billing-link__account-label">{t('billing.link.tvAccount')}</span>
      <span className="billing-link__account-login">{link.maskedLogin}</span>
    </p>
  );

  if (link.status === 'Paid') {
    return (
      <LinkCard>
        <span className="payment-status" aria-hidden="true">
          ✓
        </span>
        <h2 className="billing-link__state" role="status">
          {t('billing.link.paidTitle')}
        </h2>
        <p className="payment-card__intro">
          {link.purchase
            ? t('billing.link.purchasePaidText', { label: link.purchase.label })
            : t('billing.link.paidText')}
        </p>
        {account}
        <Link to="/" className="payment-card__back">
          {t('billing.backHome')}
        </Link>
      </LinkCard>
    );
  }
  if (link.status === 'Expired') {
    return (
      <LinkCard>
        <h2 className="billing-link__state" role="status">
          {t('billing.link.expiredTitle')}
        </h2>
        <p className="payment-card__intro">{t('billing.link.expiredText')}</p>
        <Link to="/billing/link" className="button button--primary button--block">
          {t('billing.link.typeCode')}
        </Link>
      </LinkCard>
    );
  }
  if (!viewer.logged) {
    return (
      <LinkCard>
        {account}
        <p className="payment-card__intro">{t('billing.link.loginIntro')}</p>
        <Link to={loginPath(here)} className="button button--primary button--large button--block">
          {t('billing.link.login')}
        </Link>
      </LinkCard>
    );
  }
  if (!link.isSameAccount) {
    return (
      <LinkCard>
        {account}
        <p className="notice" role="alert">
          {t('billing.link.otherAccount')}
        </p>
        {switchAccount(here)}
      </LinkCard>
    );
  }
  return (
    <LinkCard wide>
      {account}
      <p className="payment-card__intro">
        {link.purchase
          ? t('billing.link.purchaseIntro', { label: link.purchase.label })
          : t('billing.link.offersIntro')}
      </p>
      {offers(here, link.purchase)}
    </LinkCard>
  );
}
