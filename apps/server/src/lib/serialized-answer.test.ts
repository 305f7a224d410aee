import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '@playz/api-contract';
import { registerEndpoint } from './register-endpoint';
import {
  envelopeJson,
  jsonArray,
  jsonObject,
  jsonWithProperty,
  SerializedAnswer,
  toJsonBytes,
} from './serialized-answer';

// An answer kept serialised (decision 037 addendum) is sent as it is in the envelope of spec 1 §7,
// and checked against the contract outside production like any other answer.
const endpoint = defineEndpoint({
  method: 'GET',
  path: '/rows',
  access: 'visitor',
  summary: 'test',
  tags: ['test'],
  response: z.object({ Rows: z.array(z.object({ title: z.string() })) }),
  errors: [],
});

async function serve(json: string, checkResponses: boolean) {
  const app = Fastify();
  registerEndpoint(app, endpoint, async () => new SerializedAnswer(Buffer.from(json)), { checkResponses });
  const res = await app.inject({ url: '/rows' });
  await app.close();
  return res;
}

describe('SerializedAnswer', () => {
  it('is sent as it is, inside the success envelope, as JSON', async () => {
    const res = await serve('{"Rows":[{"title":"Été"}]}', true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"Response":{"Rows":[{"title":"Été"}]},"Error":{"Number":0,"Message":"ok"}}');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  });

  it('splices serialised parts into arrays and objects as JSON.stringify would write them', () => {
    const items = [{ a: 1 }, { b: 'é"' }, []].map(toJsonBytes);
    expect(jsonObject('Rows', jsonArray(items)).toString()).toBe(JSON.stringify({ Rows: [{ a: 1 }, { b: 'é"' }, []] }));
    expect(jsonArray([]).toString()).toBe('[]');
    const row = { rowType: 'Favorites', typeID: null, title: 'Mes favoris' };
    const data = { Favorites: [{ title: 'L’Été' }] };
    expect(jsonWithProperty(row, 'data', toJsonBytes(data)).toString()).toBe(JSON.stringify({ ...row, data }));
    expect(jsonWithProperty({}, 'data', toJsonBytes(null)).toString()).toBe('{"data":null}');
  });

  it('keeps the envelope of a kept answer beside its bytes, and of no other', () => {
    const bytes = Buffer.from('{"Rows":[]}');
    const kept = envelopeJson(SerializedAnswer.kept(bytes));
    expect(kept.toString()).toBe('{"Response":{"Rows":[]},"Error":{"Number":0,"Message":"ok"}}');
    expect(envelopeJson(SerializedAnswer.kept(bytes))).toBe(kept);
    // An answer made for one request is enveloped for it alone.
    const once = new SerializedAnswer(bytes);
    expect(envelopeJson(once)).not.toBe(envelopeJson(once));
    expect(envelopeJson(once).equals(kept)).toBe(true);
  });

  it('outside production, an answer that breaks the contract fails instead of leaving', async () => {
    expect((await serve('{"Rows":[{"name":"Films"}]}', true)).statusCode).toBe(500);
    // In production the contract check is off for every answer, this one too.
    expect((await serve('{"Rows":[{"name":"Films"}]}', false)).statusCode).toBe(200);
  });
});
