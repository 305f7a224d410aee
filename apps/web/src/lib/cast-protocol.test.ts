import { describe, expect, it } from 'vitest';
import { readCastCommand, readMediaStatus } from './cast-protocol';

const load = (contentId: string) => ({
  type: 'LOAD',
  media: { contentId, contentType: 'application/x-mpegurl', metadata: { title: 'La Mer', images: [] } },
  currentTime: 12,
  customData: { locale: 'nl', status: { url: 'https://playz.example/api/1.2/cast/playback/status', token: 't' } },
});

describe('Cast messages between the sender and the receiver (decision 070)', () => {
  it('reads a LOAD, as an object or the framework’s text', () => {
    const command = readCastCommand(JSON.stringify(load('https://playz.example/media/s/g/1/master.m3u8')));
    expect(command).toMatchObject({
      type: 'LOAD',
      media: { contentId: 'https://playz.example/media/s/g/1/master.m3u8', streamType: 'BUFFERED' },
      currentTime: 12,
      customData: { locale: 'nl', status: { token: 't' } },
    });
  });

  it('plays only http(s) URLs, and ignores what is not a command', () => {
    expect(readCastCommand(load('javascript:alert(1)'))).toBeNull();
    expect(readCastCommand(load('file:///etc/passwd'))).toBeNull();
    expect(
      readCastCommand({
        ...load('https://x.example/a.m3u8'),
        media: { contentId: 'https://x.example/a', contentType: 'text/html' },
      }),
    ).toBeNull();
    expect(readCastCommand('{not json')).toBeNull();
    expect(readCastCommand({ type: 'MEDIA_STATUS' })).toBeNull();
    expect(readCastCommand({ type: 'SEEK', currentTime: -4 })).toBeNull();
    expect(readCastCommand({ type: 'SEEK', currentTime: 40 })).toEqual({ type: 'SEEK', requestId: 0, currentTime: 40 });
  });

  it('drops a grant whose report address is not http(s)', () => {
    const bad = {
      ...load('https://x.example/a.m3u8'),
      customData: { locale: 'fr', status: { url: 'data:,x', token: 't' } },
    };
    expect(readCastCommand(bad)).toMatchObject({ customData: { status: null } });
  });

  it('reads the receiver’s statuses and nothing else', () => {
    expect(readMediaStatus('{"type":"MEDIA_STATUS","playerState":"PAUSED","currentTime":3,"duration":9}')).toEqual({
      type: 'MEDIA_STATUS',
      playerState: 'PAUSED',
      currentTime: 3,
      duration: 9,
      idleReason: undefined,
    });
    expect(readMediaStatus({ type: 'MEDIA_STATUS', playerState: 'DANCING', currentTime: 3, duration: 9 })).toBeNull();
    expect(readMediaStatus({ type: 'LOAD' })).toBeNull();
  });

  it("decision 081: reads the LOAD's languages part by part, and the sender's track change", () => {
    const languages = { audio: 'en', text: 'fr', style: { size: 'large', background: 'shadow' } };
    const withLanguages = {
      ...load('https://x.example/a.m3u8'),
      customData: { locale: 'fr', status: null, languages },
    };
    expect(readCastCommand(withLanguages)).toMatchObject({ customData: { languages } });
    const bad = { audio: '<script>', text: 'FR', style: { size: 'huge', background: 'box' } };
    expect(readCastCommand({ ...withLanguages, customData: { locale: 'fr', languages: bad } })).toMatchObject({
      customData: { languages: { audio: null, text: null, style: { size: 'medium', background: 'box' } } },
    });
    expect(readCastCommand(load('https://x.example/a.m3u8'))).toMatchObject({ customData: { languages: null } });

    expect(readCastCommand({ type: 'EDIT_TRACKS_INFO', requestId: 4, subtitleLanguage: 'en' })).toEqual({
      type: 'EDIT_TRACKS_INFO',
      requestId: 4,
      subtitleLanguage: 'en',
    });
    expect(
      readCastCommand({
        type: 'EDIT_TRACKS_INFO',
        audioLanguage: 'en',
        subtitleLanguage: null,
        textTrackStyle: { size: 'small', background: 'red' },
      }),
    ).toEqual({
      type: 'EDIT_TRACKS_INFO',
      requestId: 0,
      audioLanguage: 'en',
      subtitleLanguage: null,
      textTrackStyle: { size: 'small' },
    });
    // Nothing right in it: nothing to do.
    expect(readCastCommand({ type: 'EDIT_TRACKS_INFO', audioLanguage: 'english', activeTrackIds: [1] })).toBeNull();
  });
});
