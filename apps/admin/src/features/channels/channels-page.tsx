import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminEndpoints, type AdminChannel } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { OrderedList, orderedListLabels } from '@/components/ordered-list';
import type { MessageKey } from '@/i18n/messages';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import './channels.css';

const CHANNELS_KEY = ['channels'] as const;
const TYPES: Record<string, MessageKey> = { Playlist: 'channels.type.Playlist', Stream: 'channels.type.Stream' };

/**
 * The channels in the viewers' order (decision 102): each moves up or down with its own buttons or
 * by dragging (the console's ordered list, decision 118), each move saved at once, and is hidden
 * from or shown again in the viewers' lists.
 */
export function ChannelsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: CHANNELS_KEY, queryFn: () => adminCall(adminEndpoints.listAdminChannels) });
  const [said, setSaid] = useState('');

  const reorder = useMutation({
    mutationFn: (ids: number[]) => adminCall(adminEndpoints.reorderAdminChannels, { body: { ids } }),
    // The list reads out the channel's new place once this answer is drawn.
    onSuccess: (done) => queryClient.setQueryData(CHANNELS_KEY, done),
  });
  const visibility = useMutation({
    mutationFn: (input: { channel: AdminChannel; hide: boolean }) =>
      adminCall(input.hide ? adminEndpoints.hideAdminChannel : adminEndpoints.showAdminChannel, {
        params: { id: input.channel.id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });

  const channels = list.data?.channels ?? [];
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
          <OrderedList
            layout="table"
            head={
              <tr>
                <th>{t('channels.position')}</th>
                <th>{t('channels.logo')}</th>
                <th>{t('channels.name')}</th>
                <th>{t('channels.type')}</th>
                <th>{t('channels.state')}</th>
                <th>{t('channels.actions')}</th>
              </tr>
            }
            items={channels}
            keyOf={(channel) => channel.id}
            nameOf={(channel) => channel.name}
            labels={orderedListLabels(t, 'channels')}
            disabled={busy}
            announce={setSaid}
            onMove={(ids) => reorder.mutate(ids)}
            itemClassName={(channel) => (channel.hiddenAt ? 'hidden-channel' : undefined)}
            renderItem={(channel, { index, controls }) => {
              const type = TYPES[channel.type];
              return (
                <>
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
                      {controls}
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
                </>
              );
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
