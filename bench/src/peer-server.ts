import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A captured answer of the Playz server, replayed byte for byte by the peer. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RunningServer {
  baseUrl: string;
  close(): Promise<void>;
}

// Headers that belong to one connection or one moment; node:http writes its own.
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The upper bound for these bytes: node:http with no routing, no parsing, no database, answering
 * every request with the recorded status, headers (content-type included) and body.
 */
export async function startPeerServer(recorded: RecordedResponse): Promise<RunningServer> {
  const headers: Record<string, string | number> = Object.fromEntries(
    Object.entries(recorded.headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name)),
  );
  headers['content-length'] = recorded.body.length;
  const server = http.createServer((_request, response) => {
    response.writeHead(recorded.status, headers);
    response.end(recorded.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
