import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFmp4Clip } from './support/fmp4-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';

// Downloads of a rated content (spec 1 §6 "a parental code protects content", decision 059): a
// download is the whole content, so it asks the parental code's proof as the stream calls do.

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  // Content 1011 (-16 in the demo catalogue) plays `aurora`.
  writeFmp4Clip(t.config.dataDir, 'aurora', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
  ]);
  cookie = await logInAs(t.app, 'abonne@playz.fr');
  expect(errorNumber(await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie })))).toBe(0);
});
afterAll(() => t.close());

const download = (query: Record<string, string> = {}, as = cookie) =>
  t.app.inject(get('/content/1011/download', { cookie: as, query: { locale: 'en', ...query } }));
const proofFor = async (contentId: number) => {
  const res = await t.app.inject(
    post('/customer/parental-code/check', { code: '2468', content_id: String(contentId) }, { cookie }),
  );
  expect(res.json().Response.Valid).toBe(true);
  return res.json().Response.ParentalProof.proof as string;
};

describe('spec 1 §6 parental code: downloads of a rated content (spec 2 §7 /content/{id}/download, decision 059)', () => {
  it('spec 2 §7 /content/{id}/download: a -16 film is refused without the proof, with Reason ParentalCodeRequired', async () => {
    const res = await download();
    expect(res.statusCode).toBe(403);
    expect(res.json().Error).toEqual({
      Number: 4,
      Message: 'Enter the parental code to watch this programme, not advised for younger viewers.',
      Reason: 'ParentalCodeRequired',
    });
  });

  it('spec 2 §7 /content/{id}/download: the proof of a right code downloads it; another content’s proof does not', async () => {
    const proof = await proofFor(1011);
    const data = (await download({ parental_proof: proof })).json().Response.DownloadData;
    expect(data.contentID).toBe(1011);
    expect(data.downloadUrl).toMatch(/^\/media\/d\/[^/]+\/clips\/aurora\/.+\.mp4$/);
    const otherProof = await proofFor(21024);
    expect((await download({ parental_proof: otherProof })).json().Error.Reason).toBe('ParentalCodeRequired');
    // Bound to the session that gave the code, as for a stream.
    const other = await logInAs(t.app, 'abonne@playz.fr');
    expect((await download({ parental_proof: proof }, other)).json().Error.Reason).toBe('ParentalCodeRequired');
  });

  it('spec 2 §7 /contents/download: takes no proof, so a rated content is listed in Unavailable (4)', async () => {
    const res = await t.app.inject(get('/contents/download', { cookie, query: { contents: '1011', locale: 'en' } }));
    const answer = res.json().Response;
    expect(answer.Downloads).toEqual([]);
    expect(answer.Unavailable).toMatchObject([{ contentID: 1011, Error: { Number: 4 } }]);
  });
});
