import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook } from '@testing-library/react';
import type { Channel } from '@playz/api-contract';
import { useChannelKeys } from './use-channel-keys';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useNavigate: () => navigate,
}));

const channels = [1, 2, 3, 4].map((id) => ({ channelID: id, name: `Chaîne ${id}`, slug: `chaine-${id}` }) as Channel);
const wentTo = () => navigate.mock.calls.map(([path]) => String(path).split('/')[2]);

describe('channel keys (spec 2 §2 live player)', () => {
  it('a second press before the page shows the first one’s channel counts from where the first went', () => {
    navigate.mockClear();
    // The page still shows channel 1 for all presses (a zap no longer remounts it).
    renderHook(() => useChannelKeys(channels, channels[0]));
    fireEvent.keyDown(document, { key: 'PageUp' });
    fireEvent.keyDown(document, { key: 'PageUp' });
    fireEvent.keyDown(document, { key: 'PageDown' });
    expect(wentTo()).toEqual(['2', '3', '2']);
  });

  it('counts from the channel on screen once the page shows it', () => {
    navigate.mockClear();
    const view = renderHook(({ current }) => useChannelKeys(channels, current), {
      initialProps: { current: channels[0] },
    });
    fireEvent.keyDown(document, { key: 'PageDown' });
    view.rerender({ current: channels[3] });
    fireEvent.keyDown(document, { key: 'PageDown' });
    expect(wentTo()).toEqual(['4', '3']);
  });
});
