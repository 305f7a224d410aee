import { describe, expect, it } from 'vitest';
import { checkedWhileSent, TRANSFER_CHECK_MS } from './download-transfer';

/** Chunks that move the clock by `stepMs` before each one is read, as a slow transfer would. */
async function* slowChunks(count: number, clock: { ms: number }, stepMs: number) {
  for (let i = 0; i < count; i++) {
    clock.ms += stepMs;
    yield Buffer.from([i]);
  }
}

async function send(count: number, stepMs: number, answers: boolean[]) {
  const clock = { ms: 0 };
  const asked: number[] = [];
  const sent: number[] = [];
  const chunks = checkedWhileSent(slowChunks(count, clock, stepMs), {
    nowMs: () => clock.ms,
    stillAllowed: async () => {
      asked.push(clock.ms);
      return answers.shift() ?? true;
    },
  });
  let error: unknown = null;
  try {
    for await (const chunk of chunks) sent.push(chunk[0]!);
  } catch (caught) {
    error = caught;
  }
  return { asked, sent, error };
}

describe('a download is checked again while it is sent (decision 049)', () => {
  it('asks nothing during a transfer shorter than the check interval', async () => {
    const { asked, sent, error } = await send(5, 1000, []);
    expect(asked).toEqual([]);
    expect(sent).toEqual([0, 1, 2, 3, 4]);
    expect(error).toBeNull();
  });

  it('asks once per interval during a long transfer, renewing the place each time', async () => {
    // Eight chunks half an interval apart: four intervals, four questions.
    const { asked, sent } = await send(8, TRANSFER_CHECK_MS / 2, []);
    expect(asked).toEqual([1, 2, 3, 4].map((n) => n * TRANSFER_CHECK_MS));
    expect(sent).toHaveLength(8);
  });

  it('cuts the transfer at the first refusal: nothing more is sent', async () => {
    const { sent, error } = await send(8, TRANSFER_CHECK_MS / 2, [true, false]);
    expect(sent).toEqual([0, 1, 2]);
    expect(String(error)).toMatch(/refused by the stream authority/);
  });
});
