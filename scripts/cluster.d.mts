/** Types of scripts/cluster.mjs for the TypeScript that starts nginx (the soak's nginx mode). */
export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  publicUrl: string;
  /** Its folder: nginx.conf, nginx.pid, the logs, the live playlists' copies. */
  dir: string;
  /** The master process. */
  pid: number;
  stop(): Promise<void>;
  errorLog(): string;
}
export function startNginx(options: {
  nodePorts: number[];
  mediaRoot: string;
  extraLocations?: string;
  dir?: string;
  listenPort?: number;
  workerConnections?: number;
}): Promise<RunningNginx>;
