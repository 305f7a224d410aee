import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { useApi } from '@playz/queries';
import { queryKeys } from '@playz/queries';
import { Spinner } from './spinner';
import { useToast } from './toast';

/**
 * The shared newsletter opt-out button (spec 1 §2): an edit call with optin 0 (spec 1 §7), then
 * a confirmation toast, or the error toast of spec 1 §8. Shown only to a customer who opted in.
 */
export function NewsletterOptOutButton({ isOptedIn }: { isOptedIn: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const optOut = useMutation({
    mutationFn: () => api.editCustomer({ body: { optin: '0' } }),
    onSuccess: async () => {
      toast.show(t('dialogs.newsletter.done'), 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
    onError: (error) => {
      console.error('[newsletter] opt-out failed', error);
      toast.showError();
    },
  });
  if (!isOptedIn) return null;
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={optOut.isPending}
      aria-busy={optOut.isPending}
      onClick={() => optOut.mutate()}
    >
      {optOut.isPending ? <Spinner size={16} /> : null}
      {t('dialogs.newsletter.optOut')}
    </button>
  );
}
