import { describe, expect, it } from 'vitest';
import { nextDelay } from './backoff';
import { FORWARDED_ACTIONS, parseDeviceFrame, parseServerFrame, REMOTE_ACTION_NAMES } from './envelope';
import { askOf } from './screen-ask';

describe('spec 2 §7 Remote-control WebSocket: the envelope (decision 034)', () => {
  it('names every action of the spec, and the ones beyond it (requestSkip, decision 075; requestLanguages, decision 081; requestParentalCode, decision 040)', () => {
    expect(REMOTE_ACTION_NAMES).toEqual([
      'registerDevice',
      'pause',
      'resume',
      'linkServerDevice',
      'unlinkServerDevice',
      'requestCurrentRoute',
      'requestCurrentPlayback',
      'requestHistoryPush',
      'requestItemPush',
      'requestItemMove',
      'requestItemDelete',
      'requestPositionChange',
      'requestSkip',
      'requestVideoPlay',
      'requestVideoPause',
      'requestVideoSeek',
      'requestLanguages',
      'requestParentalCode',
    ]);
  });

  it('beyond the spec (decision 081): a phone chooses the audio and subtitles; the screen says which it has', () => {
    expect(parseDeviceFrame('{"action":"requestLanguages","data":{"subtitles":"en"}}')).toEqual({
      ok: true,
      value: { action: 'requestLanguages', data: { subtitles: 'en' } },
    });
    expect(parseDeviceFrame('{"action":"requestLanguages","data":{"audio":"pt-BR","subtitles":null}}')).toEqual({
      ok: true,
      value: { action: 'requestLanguages', data: { audio: 'pt-BR', subtitles: null } },
    });
    for (const data of [{ audio: 'english' }, { subtitles: 'FR' }, { audio: null }, { subtitles: 'fr', size: 'large' }])
      expect(parseDeviceFrame(JSON.stringify({ action: 'requestLanguages', data }))).toEqual({
        ok: false,
        number: 3,
        action: 'requestLanguages',
      });
    expect(FORWARDED_ACTIONS).toContain('requestLanguages');
    const languages = {
      audio: [
        { language: 'fr', label: 'Français' },
        { language: 'en', label: null },
      ],
      audioLanguage: 'fr',
      subtitles: [{ language: 'en', label: 'English' }],
      subtitleLanguage: null,
    };
    expect(parseServerFrame(JSON.stringify({ event: 'onNotifyLanguages', data: languages, device: 'tv-1' }))).toEqual({
      event: 'onNotifyLanguages',
      data: languages,
      device: 'tv-1',
    });
    expect(
      parseServerFrame(JSON.stringify({ event: 'onNotifyLanguages', data: { ...languages, audioLanguage: '<b>' } })),
    ).toBeNull();
  });

  it('spec 2 §2 previous/next (decision 075): a phone asks the screen to skip either way; the screen says which sides it has', () => {
    expect(parseDeviceFrame('{"action":"requestSkip","data":{"direction":"next"}}')).toEqual({
      ok: true,
      value: { action: 'requestSkip', data: { direction: 'next' } },
    });
    for (const data of [{}, { direction: 'up' }, { direction: 'next', position: 2 }])
      expect(parseDeviceFrame(JSON.stringify({ action: 'requestSkip', data }))).toEqual({
        ok: false,
        number: 3,
        action: 'requestSkip',
      });
    const sides = { previous: true, next: false };
    expect(parseDeviceFrame(JSON.stringify({ event: 'onNotifyNeighbours', data: sides }))).toEqual({
      ok: true,
      value: { event: 'onNotifyNeighbours', data: sides },
    });
    expect(parseServerFrame(JSON.stringify({ event: 'onNotifyNeighbours', data: sides, device: 'tv-1' }))).toEqual({
      event: 'onNotifyNeighbours',
      data: sides,
      device: 'tv-1',
    });
    expect(parseServerFrame(JSON.stringify({ event: 'onNotifyNeighbours', data: { previous: 'yes' } }))).toBeNull();
  });

  it('decision 040: a parental code is 4 digits; what a screen asks rides on its page', () => {
    expect(parseDeviceFrame('{"action":"requestParentalCode","data":{"code":"0482"}}')).toEqual({
      ok: true,
      value: { action: 'requestParentalCode', data: { code: '0482' } },
    });
    for (const code of ['482', '04821', '04a2', ' 0482'])
      expect(parseDeviceFrame(JSON.stringify({ action: 'requestParentalCode', data: { code } }))).toEqual({
        ok: false,
        number: 3,
        action: 'requestParentalCode',
      });
    expect(askOf('/account?asks=parental-code')).toBe('parental-code');
    expect(askOf('/account?handoff=x&asks=parental-code-again')).toBe('parental-code-again');
    expect(askOf('/account?asks=credit-card')).toBeNull();
    expect(askOf('/account')).toBeNull();
    expect(askOf(null)).toBeNull();
  });

  it('reads actions with their data, routes rewritten to the player route', () => {
    expect(parseDeviceFrame('{"action":"requestVideoSeek","data":{"time":12.5}}')).toEqual({
      ok: true,
      value: { action: 'requestVideoSeek', data: { time: 12.5 } },
    });
    expect(
      parseDeviceFrame('{"action":"requestHistoryPush","data":{"route":"/content/1001/x","initialTime":30}}'),
    ).toEqual({
      ok: true,
      value: { action: 'requestHistoryPush', data: { route: '/content/1001/player', initialTime: 30 } },
    });
    expect(parseDeviceFrame('{"action":"requestVideoPlay"}')).toEqual({
      ok: true,
      value: { action: 'requestVideoPlay', data: {} },
    });
  });

  it('reads a screen onNotify* event', () => {
    expect(parseDeviceFrame('{"event":"onNotifyVideoTimeUpdate","data":{"time":3.2,"duration":60}}')).toEqual({
      ok: true,
      value: { event: 'onNotifyVideoTimeUpdate', data: { time: 3.2, duration: 60 } },
    });
  });

  it.each([
    ['not JSON', '{"action":', 3, null],
    ['a JSON array', '[1,2]', 3, null],
    ['JSON null', 'null', 3, null],
    ['neither action nor event', '{"hello":1}', 2, null],
    ['an unknown action', '{"action":"formatDisk"}', 6, 'formatDisk'],
    ['an unknown event', '{"event":"onNotifyFire"}', 6, 'onNotifyFire'],
    ['a seek without time', '{"action":"requestVideoSeek","data":{}}', 3, 'requestVideoSeek'],
    ['a negative seek', '{"action":"requestVideoSeek","data":{"time":-1}}', 3, 'requestVideoSeek'],
    [
      'a route the rule refuses',
      '{"action":"requestItemPush","data":{"route":"/customer/delete"}}',
      3,
      'requestItemPush',
    ],
    ['an extra field', '{"action":"requestVideoPlay","data":{"x":1}}', 3, 'requestVideoPlay'],
    [
      'a registration of an unknown type',
      '{"action":"registerDevice","data":{"type":"Admin","udid":"a"}}',
      3,
      'registerDevice',
    ],
  ])('answers %s with catalogue number %i', (_label, text, number, action) => {
    expect(parseDeviceFrame(text)).toEqual({ ok: false, number, action });
  });

  it('clients read events and forwarded actions, and ignore what they do not know', () => {
    expect(parseServerFrame('{"event":"onNotifyVideoPause","data":{"time":4},"device":"tv-1"}')).toEqual({
      event: 'onNotifyVideoPause',
      data: { time: 4 },
      device: 'tv-1',
    });
    expect(parseServerFrame('{"action":"requestVideoSeek","data":{"time":9},"from":"c1"}')).toEqual({
      action: 'requestVideoSeek',
      data: { time: 9 },
      from: 'c1',
    });
    expect(parseServerFrame('{"event":"onSomethingNew","data":{}}')).toBeNull();
    expect(parseServerFrame('{"action":"registerDevice","data":{},"from":"c1"}')).toBeNull();
    expect(parseServerFrame('garbage')).toBeNull();
  });
});

describe('spec 2 §4 Remote control: reconnection backoff', () => {
  it('doubles from 500 ms up to 30 s with the upper half random', () => {
    expect(nextDelay(0, {}, () => 0)).toBe(250);
    expect(nextDelay(0, {}, () => 1)).toBe(500);
    expect(nextDelay(3, {}, () => 1)).toBe(4000);
    expect(nextDelay(20, {}, () => 0)).toBe(15_000);
    expect(nextDelay(20, {}, () => 1)).toBe(30_000);
  });
});
