import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The remote-control fan-out's peer: a plain `ws` relay speaking the same frames as Playz's
 * socket (registerDevice, linkServerDevice, actions to the screen with `from`, events to the
 * linked phones with `device`), with nothing else: no session, no validation, no accounts, one
 * process, no Redis. It is the upper bound for relaying these frames in Node.
 */
export async function startRelayPeer(maxPayload: number) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload });
  const screens = new Map<string, WebSocket>();
  const phonesOf = new Map<string, Set<WebSocket>>();
  let nextId = 0;

  server.on('connection', (socket) => {
    const id = String(++nextId);
    let udid: string | null = null;
    let type: 'Server' | 'Client' | null = null;
    let linked: string | null = null;
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { action?: string; event?: string; data?: Record<string, unknown> };
      if (frame.action === 'registerDevice') {
        udid = String(frame.data?.udid);
        type = frame.data?.type === 'Server' ? 'Server' : 'Client';
        if (type === 'Server') screens.set(udid, socket);
        socket.send(JSON.stringify({ event: 'onDeviceRegistered', data: { connection: id } }));
      } else if (frame.action === 'linkServerDevice') {
        linked = String(frame.data?.udid);
        const phones = phonesOf.get(linked) ?? new Set<WebSocket>();
        phonesOf.set(linked, phones);
        phones.add(socket);
        socket.send(JSON.stringify({ event: 'onServerDeviceLinked', data: { device: { udid: linked } } }));
      } else if (frame.action && linked) {
        screens.get(linked)?.send(JSON.stringify({ action: frame.action, data: frame.data, from: id }));
      } else if (frame.event && type === 'Server' && udid) {
        const text = JSON.stringify({ event: frame.event, data: frame.data, device: udid });
        for (const phone of phonesOf.get(udid) ?? []) phone.send(text);
      }
    });
    socket.on('close', () => {
      if (type === 'Server' && udid) screens.delete(udid);
      if (linked) phonesOf.get(linked)?.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
