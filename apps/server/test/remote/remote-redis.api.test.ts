import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrowawayRedis } from '../../../../scripts/with-redis.mjs';
import { redisForTests } from '../support/redis-server';
import { createSecondNode, createTestApp, logInAs, type TestApp } from '../test-app';
import { logInTv, registered, socketUrl, type TestSocket } from './remote-support';

/**
 * Decision 034 fan-out: two API nodes over one database and one Redis (as behind a load
 * balancer); the TV's socket is on one node, the phone's on the other.
 */
let redis: ThrowawayRedis;
let first: TestApp;
let second: FastifyInstance;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  redis = await redisForTests();
  first = await createTestApp({ listen: true, env: { REDIS_URL: redis.url } });
  second = await createSecondNode(first);
  await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await second?.close();
  await first?.close();
  await redis?.stop();
});

describe('spec 2 §4 Remote control across API nodes (REDIS_URL)', () => {
  it('a phone on one node sees, links to and drives a TV on another; the TV events come back', async () => {
    const token = await logInTv(first.app, 'abonne@playz.fr', 'tv-redis');
    const tv = await registered(socketUrl(first.app), { type: 'Server', udid: 'tv-redis', name: 'Chambre', token });
    const cookie = await logInAs(first.app, 'abonne@playz.fr');
    const phone = await registered(socketUrl(second), { type: 'Client', udid: 'phone-redis' }, { cookie });
    const other = await registered(
      socketUrl(second),
      { type: 'Client', udid: 'phone-other' },
      { cookie: await logInAs(first.app, 'demo@playz.fr') },
    );
    sockets.push(tv, phone, other);
    const listed = await phone.next(
      (f) =>
        f.event === 'onServerDevicesListUpdated' &&
        (f.data as { devices: { udid: string }[] }).devices.some((d) => d.udid === 'tv-redis'),
    );
    expect(listed).toBeDefined();
    phone.send({ action: 'linkServerDevice', data: { udid: 'tv-redis' } });
    await phone.event('onServerDeviceLinked');
    await tv.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 1);

    phone.send({ action: 'requestVideoSeek', data: { time: 12 } });
    expect((await tv.next((f) => f.action === 'requestVideoSeek')).data).toEqual({ time: 12 });
    tv.send({ event: 'onNotifyVideoSeek', data: { time: 12 } });
    expect(await phone.event('onNotifyVideoSeek')).toMatchObject({ data: { time: 12 }, device: 'tv-redis' });
    // A time update, relayed as it came on one node (readTimeUpdate), crosses the bus as text.
    tv.send({ event: 'onNotifyVideoTimeUpdate', data: { time: 12.1, duration: 60 } });
    expect(await phone.event('onNotifyVideoTimeUpdate')).toEqual({
      event: 'onNotifyVideoTimeUpdate',
      data: { time: 12.1, duration: 60 },
      device: 'tv-redis',
    });

    // The other account on the phone's node hears nothing and cannot link.
    other.send({ action: 'linkServerDevice', data: { udid: 'tv-redis' } });
    await other.next((f) => f.event === 'error' && (f.data as { number: number }).number === 7);
    expect(other.frames.filter((f) => String(f.event).startsWith('onNotify'))).toEqual([]);

    // A log-out answered by the TV's node closes the phone's socket on the other node.
    await first.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(await phone.closed).toBe(4401);
    await tv.next((f) => f.event === 'onClientsUpdated' && (f.data as { clients: number }).clients === 0);

    // The TV leaves: the other node's phones see it go.
    const again = await registered(
      socketUrl(second),
      { type: 'Client', udid: 'phone-redis-2' },
      { cookie: await logInAs(first.app, 'abonne@playz.fr') },
    );
    sockets.push(again);
    tv.close();
    await again.next(
      (f) =>
        f.event === 'onServerDevicesListUpdated' &&
        !(f.data as { devices: { udid: string }[] }).devices.some((d) => d.udid === 'tv-redis'),
    );
  });
});
