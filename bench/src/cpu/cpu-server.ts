import { startPeerServer, type RecordedResponse } from '../peer-server';
import { logIn, startPlayzServer } from '../playz-server';
import { DEMO_SUBSCRIBER } from '../scenarios';

/**
 * One side of `cpu-per-request.ts`, in its own process so that its CPU time (/proc/<pid>/stat)
 * is its own: `playz` (the bench's server, the demo subscriber logged in once) or `peer` (a bare
 * node:http server replaying the bytes it is sent).
 */
export type CpuServerMessage = { baseUrl: string; cookie?: string };

process.once('message', (message: { side: 'playz' } | { side: 'peer'; recorded: RecordedResponse }) => {
  void (async () => {
    if (message.side === 'playz') {
      const server = await startPlayzServer();
      const cookie = await logIn(server.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password);
      process.send?.({ baseUrl: server.baseUrl, cookie } satisfies CpuServerMessage);
      process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
    } else {
      const recorded = { ...message.recorded, body: Buffer.from(message.recorded.body as unknown as string, 'base64') };
      const server = await startPeerServer(recorded);
      process.send?.({ baseUrl: server.baseUrl } satisfies CpuServerMessage);
      process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
    }
  })();
});
