import { startPeerServer, type RecordedResponse } from '../peer-server';
import { logIn, startPlayzServer } from '../playz-server';
import { DEMO_SUBSCRIBER } from '../scenarios';

/**
 * One side of `cpu-per-request.ts`, in its own process so that its CPU time (/proc/<pid>/stat)
 * is its own: `playz` (the bench's server, the demo subscriber logged in once) or `peer` (a bare
 * node:http server replaying the bytes it is sent, alone or beside an idle Playz server).
 */
export type CpuServerMessage = { baseUrl: string; cookie?: string };

process.once(
  'message',
  (message: { side: 'playz' } | { side: 'peer'; recorded: RecordedResponse; beside?: boolean }) => {
    void (async () => {
      if (message.side === 'playz') {
        const server = await startPlayzServer();
        const cookie = await logIn(server.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password);
        process.send?.({ baseUrl: server.baseUrl, cookie } satisfies CpuServerMessage);
        process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
      } else {
        // `beside`: the peer in a process that also holds an idle Playz server (its heap, timers
        // and metrics), to tell what the process costs from what the path costs.
        const idle = message.beside ? await startPlayzServer() : null;
        const recorded = {
          ...message.recorded,
          body: Buffer.from(message.recorded.body as unknown as string, 'base64'),
        };
        const server = await startPeerServer(recorded);
        process.send?.({ baseUrl: server.baseUrl } satisfies CpuServerMessage);
        process.once('SIGTERM', () => void Promise.all([server.close(), idle?.close()]).then(() => process.exit(0)));
      }
    })();
  },
);
