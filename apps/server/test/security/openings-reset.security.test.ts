import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_CLEAR_RULE, OPENING_CONTENT_RULE } from '../../src/modules/playback/playback.routes';
import { writeOceanClip } from '../support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Openings and the devices limit (decision 044). An opening takes no device place and is bounded
 * to three per content per ten minutes per customer, "so that watching a film through openings
 * would take a new one every few seconds", but the count is cleared whenever any session of the
 * customer is granted a View stream of that content. A device that holds the account's place can
 * clear it at will, so a device refused its place (spec 1 §6) watches the same film in openings.
 * Pass rule: within one ten-minute window a device refused its place gets at most
 * OPENING_CONTENT_RULE.max openings of one content per clearing of the count, and the count is
 * cleared OPENING_CLEAR_RULE.max times (9 openings, 115 s of film), whatever the account's other
 * devices do; the place holder's own press still clears it once (the control, openings.api.test).
 */
const figures = { rounds: 0, openingsGranted: 0, segmentsServed: 0 };
let t: TestApp;
const clock = Date.UTC(2026, 10, 29, 21, 0);
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeOceanClip(t.config.dataDir);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  for (const n of [2, 3, 4, 5, 6, 7, 8, 9])
    fs.writeFileSync(path.join(dir, `chunk-stream0-0000${n}.m4s`), `segment ${n}`);
});
afterAll(async () => {
  report('openings past the devices limit', figures);
  await t.close();
});

const ask = (url: string, cookie: string) => t.app.inject({ url: `/api/1.2${url}`, headers: { cookie } });
const VIEW = '/content/1001/url/adaptive?product_usage=View&target=player_dash';

describe('openings cannot stand in for a device place', () => {
  it('a device refused its place gets no more than 9 openings of a film in ten minutes, however often the place holder plays it', async () => {
    const holder = await logInAs(t.app, 'abonne@playz.fr');
    const refused = await logInAs(t.app, 'abonne@playz.fr');
    expect((await ask(VIEW, holder)).json().Error.Number).toBe(0);
    expect((await ask(VIEW, refused)).json().Error.Reason).toBe('DevicesLimitReached');
    for (let round = 0; round < 5; round += 1) {
      figures.rounds += 1;
      // The place holder "plays" the film again: the count of its openings is cleared.
      expect((await ask(VIEW, holder)).json().Error.Number).toBe(0);
      for (const start of [0, 7, 14]) {
        const opening = await ask(`/content/1001/url/opening?target=player_dash&start=${start}`, refused);
        if (opening.json().Error.Number !== 0) continue;
        figures.openingsGranted += 1;
        const mpd = (await t.app.inject(opening.json().Response.AdaptiveStream.url)).body;
        const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd)![1]!;
        for (let n = 1; n <= 9; n += 1)
          if ((await t.app.inject(`${base}chunk-stream0-0000${n}.m4s`)).statusCode === 200) figures.segmentsServed += 1;
      }
    }
    // Its first openings come (the harness reaches them), the rest are refused.
    expect(figures.openingsGranted).toBeGreaterThanOrEqual(OPENING_CONTENT_RULE.max);
    expect(figures.openingsGranted).toBeLessThanOrEqual(OPENING_CONTENT_RULE.max * (1 + OPENING_CLEAR_RULE.max));
  });

  it('the control: plays with no opening before them spend no clearing, so a viewer who points, plays and comes back still gets openings', async () => {
    const viewer = await logInAs(t.app, 'demo@playz.fr');
    const opening = async () => (await ask('/content/1001/url/opening?target=player_dash', viewer)).json().Error.Number;
    for (let i = 0; i < 3; i += 1) expect((await ask(VIEW, viewer)).json().Error.Number).toBe(0);
    for (let round = 0; round <= OPENING_CLEAR_RULE.max; round += 1) {
      for (let i = 0; i < OPENING_CONTENT_RULE.max; i += 1) expect(await opening()).toBe(0);
      expect((await ask(VIEW, viewer)).json().Error.Number).toBe(0);
    }
  });
});
