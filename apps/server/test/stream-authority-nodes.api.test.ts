import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrowawayRedis } from '../../../scripts/with-redis.mjs';
import { writeOceanClip } from './support/ocean-clip';
import { redisForTests } from './support/redis-server';
import { createSecondNode, createTestApp, logInAs, type TestApp } from './test-app';

/**
 * Decision 022 addendum (every node, decision 038): a device's stop, seen by one API node, stops its segments on
 * every node at once — before, the other nodes served them until the grant ran out.
 */
let redis: ThrowawayRedis;
let nodeA: TestApp;
let nodeB: FastifyInstance;
beforeAll(async () => {
  redis = await redisForTests();
  nodeA = await createTestApp({ env: { REDIS_URL: redis.url } });
  nodeB = await createSecondNode(nodeA);
  writeOceanClip(nodeA.config.dataDir, [{ height: 270, width: 480, bandwidth: 400000 }]);
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
  await redis?.stop();
});

/** The status node B answers for `url` once it is no longer `from` (news between nodes takes moments), or `from` after ~2 s. */
async function statusOnBOnceNot(from: number, url: string): Promise<number> {
  for (let i = 0; i < 40; i += 1) {
    const status = (await nodeB.inject(url)).statusCode;
    if (status !== from) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return from;
}

describe('decision 022 — stop marks reach every API node (REDIS_URL)', () => {
  it('spec 2 §7 POST /customer/playback/stop on node A: node B refuses the segments, until the device asks again', async () => {
    const cookie = await logInAs(nodeA.app, 'abonne@playz.fr');
    const ask = () =>
      nodeA.app.inject({
        url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash',
        headers: { cookie },
      });
    const stream = (await ask()).json().Response.AdaptiveStream;
    const manifest = await nodeB.inject(stream.url);
    const segment = `${/<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!}chunk-stream0-00001.m4s`;
    expect((await nodeB.inject(segment)).statusCode).toBe(200);

    await nodeA.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect(await statusOnBOnceNot(200, segment)).toBe(403);
    expect((await nodeB.inject(stream.url)).statusCode).toBe(403);

    // Asking for a stream again (node A) opens the device's segments on node B too.
    await ask();
    expect(await statusOnBOnceNot(403, segment)).toBe(200);
  });
});
