import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { adminEndpoints, type AdminChannel } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import './channels.css';

const CHANNELS_KEY = ['channels'] as const;
const TYPES: Record<string, MessageKey> = { Playlist: 'channels.type.Playlist', Stream: 'channels.type.Stream' };

/**
 * The channels in the viewers' order (decision 102): each moves up or down with its own buttons
 * (keyboard first: the focus stays on the button pressed, and the new place is announced), and is
 * hidden from or shown again in the viewers' lists.
 */
export function ChannelsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: CHANNELS_KEY, queryFn: () => adminCall(adminEndpoints.listAdminChannels) });
  const [said, setSaid] = useState('');
  /** The move button to give the focus back to once the new order is drawn. */
  const [refocus, setRefocus] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const reorder = useMutation({
    mutationFn: (input: { ids: number[]; moved: AdminChannel; focus: string }) =>
      adminCall(adminEndpoints.reorderAdminChannels, { body: { ids: input.ids } }),
    onSuccess: (done, input) => {
      queryClient.setQueryData(CHANNELS_KEY, done);
      const position = done.channels.findIndex((c) => c.id === input.moved.id) + 1;
      setSaid(t('channels.moved', { name: input.moved.name, position: String(position) }));
      setRefocus(input.focus);
    },
  });
  const visibility = useMutation({
    mutationFn: (input: { channel: AdminChannel; hide: boolean }) =>
      adminCall(input.hide ? adminEndpoints.hideAdminChannel : adminEndpoints.showAdminChannel, {
        params: { id: input.channel.id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });

  useEffect(() => {
    if (!refocus) return;
    const button = buttons.current.get(refocus);
    // At the top or the bottom the button pressed is disabled: the other one takes the focus.
    const other = buttons.current.get(
      refocus.startsWith('up:') ? `down:${refocus.slice(3)}` : `up:${refocus.slice(5)}`,
    );
    (button && !button.disabled ? button : other)?.focus();
    setRefocus(null);
  }, [refocus, list.data]);

  const channels = list.data?.channels ?? [];
  const move = (channel: AdminChannel, by: -1 | 1) => {
    const ids = channels.map((c) => c.id);
    const from = ids.indexOf(channel.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate({ ids, moved: channel, focus: `${by < 0 ? 'up' : 'down'}:${channel.id}` });
  };
  const keep = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };
  const busy = reorder.isPending || visibility.isPending;

  return (
    <section className="channels">
      <h1>{t('channels.title')}</h1>
      <p>{t('channels.intro')}</p>
      {/* XMLTV and M3U imports (decision 103). */}
      <p>
        <Link to="/channels/import">{t('guideImport.open')}</Link>
      </p>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {reorder.isError || visibility.isError ? (
        <p role="alert" className="error">
          {t('channels.failed')}
        </p>
      ) : null}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('channels.position')}</th>
                <th>{t('channels.logo')}</th>
                <th>{t('channels.name')}</th>
                <th>{t('channels.type')}</th>
                <th>{t('channels.state')}</th>
                <th>{t('channels.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel, index) => {
                const type = TYPES[channel.type];
                return (
                  <tr key={channel.id} className={channel.hiddenAt ? 'hidden-channel' : undefined}>
                    <td className="amount place">{index + 1}</td>
                    <td className="logo">
                      {channel.logo ? <img className="channel-logo" src={channel.logo} alt="" /> : null}
                    </td>
                    <td className="name">
                      {/* Its guide, a day at a time (decision 103). */}
                      <Link to={`/channels/${channel.id}/schedule`}>{channel.name}</Link>{' '}
                      <span className="muted">#{channel.id}</span>
                    </td>
                    <td className="type">{type ? t(type) : channel.type}</td>
                    <td className="state">{channel.hiddenAt ? t('channels.hidden') : t('channels.shown')}</td>
                    <td className="actions-cell">
                      <div className="row-actions">
                        <button
                          ref={keep(`up:${channel.id}`)}
                          type="button"
                          className="button ghost small"
                          aria-label={t('channels.up', { name: channel.name })}
                          disabled={busy || index === 0}
                          onClick={() => move(channel, -1)}
                        >
                          ↑
                        </button>
                        <button
                          ref={keep(`down:${channel.id}`)}
                          type="button"
                          className="button ghost small"
                          aria-label={t('channels.down', { name: channel.name })}
                          disabled={busy || index === channels.length - 1}
                          onClick={() => move(channel, 1)}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="button ghost small"
                          disabled={busy}
                          aria-label={`${t(channel.hiddenAt ? 'channels.show' : 'channels.hide')} ${channel.name}`}
                          onClick={() => visibility.mutate({ channel, hide: !channel.hiddenAt })}
                        >
                          {t(channel.hiddenAt ? 'channels.show' : 'channels.hide')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
