/**
 * A download in progress renews its device place and asks the stream authority again this often
 * (decision 049): the lease lasts 3 minutes (device-leases.ts) and a film's transfer can last
 * longer, and a log-out, a stop or the end of the subscription must stop a transfer under way.
 */
export const TRANSFER_CHECK_MS = 30_000;

/**
 * The file's chunks as they are sent, with `stillAllowed` asked again whenever TRANSFER_CHECK_MS
 * went by since the last answer (the transfer's start was the first). A refusal ends the transfer
 * with an error: the connection is cut and the client sees an incomplete download, which it can
 * resume only with a URL the authority still allows.
 */
export async function* checkedWhileSent(
  chunks: AsyncIterable<Buffer>,
  deps: { stillAllowed: () => Promise<boolean>; nowMs: () => number },
): AsyncGenerator<Buffer> {
  let checkedAt = deps.nowMs();
  for await (const chunk of chunks) {
    if (deps.nowMs() - checkedAt >= TRANSFER_CHECK_MS) {
      if (!(await deps.stillAllowed()))
        throw new Error('download: refused by the stream authority during the transfer');
      checkedAt = deps.nowMs();
    }
    yield chunk;
  }
}
