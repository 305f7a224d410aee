import { describe, expect, it } from 'vitest';
import { remotePageFor } from './remote-control-button';

describe('the player’s remote-control button (spec 2 §2 cast buttons, decision 034 Apps)', () => {
  it('spec 2 §4 route rule: sends the player page’s content, an episode by its content id', () => {
    expect(remotePageFor('/content/1001/l-ete-indien')).toBe('/remote?play=%2Fcontent%2F1001%2Fl-ete-indien');
    expect(remotePageFor('/channel/3/playz-news')).toBe('/remote?play=%2Fchannel%2F3%2Fplayz-news');
    expect(remotePageFor('/series/5/la-serie/season/6/saison-1/episode/2001/pilote')).toBe('/remote?play=content_2001');
  });

  it('spec 2 §7 requestHistoryPush initialTime: the TV goes on from the second the viewer is at', () => {
    expect(remotePageFor('/content/1001/l-ete-indien', 754.6)).toBe(
      '/remote?play=%2Fcontent%2F1001%2Fl-ete-indien&at=754',
    );
    expect(remotePageFor('/content/1001/l-ete-indien', 0.4)).toBe('/remote?play=%2Fcontent%2F1001%2Fl-ete-indien');
  });

  it('a page the rule refuses opens the plain remote', () => {
    expect(remotePageFor('/channels')).toBe('/remote');
    expect(remotePageFor('/live-event/4/finale')).toBe('/remote');
  });
});
