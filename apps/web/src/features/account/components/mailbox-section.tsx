import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import { useDomainMailbox } from '../api/use-account';
import { ExternalIcon } from './account-icons';

/**
 * The mailbox on the service's own domain (spec 1 §2, §3): its login, the generated password
 * while the customer has not chosen one, and the webmail link.
 */
export function MailboxSection({ webmail }: { webmail: string }) {
  const { t } = useTranslation();
  const mailbox = useDomainMailbox(true);
  return (
    <>
      {mailbox.isPending ? <Spinner size={24} label={t('common.loading')} /> : null}
      {mailbox.data ? (
        <dl className="account-facts">
          <div>
            <dt>{t('account.mailboxLogin')}</dt>
            <dd>{mailbox.data.Login}</dd>
          </div>
          {mailbox.data.Password ? (
            <div>
              <dt>{t('account.mailboxPassword')}</dt>
              <dd className="account-facts__secret">{mailbox.data.Password}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <a className="button button--ghost button--small" href={webmail} target="_blank" rel="noreferrer">
        <span>{t('account.webmail')}</span>
        <ExternalIcon size={16} />
      </a>
    </>
  );
}
