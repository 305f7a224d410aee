import { fork } from 'node:child_process';
import type { LoadMessage, LoadRequest, LoadResult } from './load-settings';

/** Runs one warm-up + measured load against `request.url` from a separate process. */
export function runLoad(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-generator.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: LoadMessage | null = null;
    child.once('message', (message: LoadMessage) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer?.ok) resolve(answer.result);
      else
        reject(
          new Error(answer ? `load generator failed: ${answer.error}` : `load generator exited with code ${code}`),
        );
    });
    child.send(request);
  });
}
