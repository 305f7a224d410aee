import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Customer } from '@playz/api-contract';
import { CheckboxField } from '@/components/form/form-field';
import { useToast } from '@/components/toast';
import { useEditAlert } from '../api/use-profiles';
import { useSetWebPush, useWebPushKey, useWebPushState } from '../api/use-web-push';
import { PushBlockedError } from '../web-push/browser-push';

/** How long before a live event the alert may come (minutes). */
export const LIVE_EVENT_DELTAS = [5, 15, 30, 60] as const;

/**
 * The LiveEvent alert (spec 1 §3, §7 POST /customer/edit/alert): on or off, and how many minutes
 * before the event starts. Each change is saved at once; while it is saved the form shows it.
 */
export function AlertsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const toast = useToast();
  const selectId = useId();
  const edit = useEditAlert();
  const saved = customer.alerts.find((alert) => alert.alertType === 'LiveEvent') ?? {
    alertType: 'LiveEvent' as const,
    enabled: false,
    deltaTime: 15,
  };
  const shown = edit.isPending ? edit.variables : saved;
  // A delay set elsewhere (TV app, support) stays choosable.
  const deltas = [...new Set<number>([...LIVE_EVENT_DELTAS, saved.deltaTime])].sort((a, b) => a - b);

  const save = (change: { enabled: boolean; deltaTime: number }) =>
    edit.mutate(
      { alertType: 'LiveEvent', ...change },
      {
        onSuccess: () => toast.show(t(change.enabled ? 'alerts.savedOn' : 'alerts.savedOff'), 'success'),
        onError: () => toast.showError(),
      },
    );

  return (
    <div className="alerts" aria-busy={edit.isPending || undefined}>
      <CheckboxField
        isSwitch
        checked={shown.enabled}
        disabled={edit.isPending}
        onChange={(event) => save({ enabled: event.target.checked, deltaTime: shown.deltaTime })}
        label={t('alerts.liveEvent')}
        hint={t('alerts.liveEventHint')}
      />
      <div className="alerts__delay">
        <label className="field__label" htmlFor={selectId}>
          {t('alerts.delay')}
        </label>
        <select
          id={selectId}
          className="field__input alerts__select"
          value={shown.deltaTime}
          disabled={edit.isPending || !shown.enabled}
          onChange={(event) => save({ enabled: shown.enabled, deltaTime: Number(event.target.value) })}
        >
          {deltas.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('alerts.minutesBefore', { count: minutes })}
            </option>
          ))}
        </select>
      </div>
      <PushSwitch alertOn={saved.enabled} />
    </div>
  );
}

/**
 * The live-event alert on this browser by Web Push too (decision 066), besides the mail. Shown
 * where the browser can receive pushes and the server sends them; the browser's permission is
 * asked only when the viewer turns it on.
 */
function PushSwitch({ alertOn }: { alertOn: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const key = useWebPushKey();
  const state = useWebPushState(Boolean(key.data));
  const set = useSetWebPush();
  if (!key.data) return null;
  const publicKey = key.data;
  const on = set.isPending ? set.variables.on : (state.data ?? false);
  const toggle = (next: boolean) =>
    set.mutate(
      { on: next, publicKey },
      {
        onSuccess: () => toast.show(t(next ? 'alerts.pushOn' : 'alerts.pushOff'), 'success'),
        onError: (error) => {
          if (error instanceof PushBlockedError) toast.showError(t('alerts.pushBlocked'));
          // The browser's own refusal (its push service out of reach, a broken worker): not the server's.
          else if (error instanceof DOMException) toast.showError(t('alerts.pushFailed'));
          else toast.showError();
        },
      },
    );
  return (
    <CheckboxField
      isSwitch
      checked={on && alertOn}
      disabled={set.isPending || state.isPending || !alertOn}
      onChange={(event) => toggle(event.target.checked)}
      label={t('alerts.push')}
      hint={t(alertOn ? 'alerts.pushHint' : 'alerts.pushNeedsAlert')}
    />
  );
}
