import { describe, expect, it } from 'vitest';
import { deleteItem, emptyQueue, moveItem, nextOf, playNow, pushItem, type RemoteQueue } from './remote-queue';

const queue = (items: string[], position: number | null): RemoteQueue => ({ items, position });

describe('the TV play queue (spec 2 §7 requestItemPush / Move / Delete / PositionChange)', () => {
  it('spec 2 §7 requestHistoryPush plays after the current item, or reuses the item at its position', () => {
    expect(playNow(emptyQueue, 'a')).toEqual(queue(['a'], 0));
    expect(playNow(queue(['a', 'b'], 0), 'c')).toEqual(queue(['a', 'c', 'b'], 1));
    expect(playNow(queue(['a', 'b'], null), 'c')).toEqual(queue(['a', 'b', 'c'], 2));
    expect(playNow(queue(['a', 'b'], 0), 'b', 1)).toEqual(queue(['a', 'b'], 1));
    expect(playNow(queue(['a', 'b'], 0), 'c', 9)).toEqual(queue(['a', 'b', 'c'], 2));
  });

  it('spec 2 §7 requestItemMove keeps what plays pointed at, wherever it moves', () => {
    expect(moveItem(queue(['a', 'b', 'c'], 1), 1, 2)).toEqual(queue(['a', 'c', 'b'], 2));
    expect(moveItem(queue(['a', 'b', 'c'], 1), 0, 2)).toEqual(queue(['b', 'c', 'a'], 0));
    expect(moveItem(queue(['a', 'b', 'c'], 1), 2, 0)).toEqual(queue(['c', 'a', 'b'], 2));
    expect(moveItem(queue(['a', 'b'], 0), 0, 5)).toEqual(queue(['a', 'b'], 0));
  });

  it('spec 2 §7 requestItemDelete shifts the current position, and deleting it leaves none', () => {
    expect(deleteItem(queue(['a', 'b', 'c'], 2), 0)).toEqual(queue(['b', 'c'], 1));
    expect(deleteItem(queue(['a', 'b', 'c'], 1), 1)).toEqual(queue(['a', 'c'], null));
    expect(deleteItem(queue(['a', 'b'], 0), 1)).toEqual(queue(['a'], 0));
    expect(pushItem(queue(['a'], 0), 'b')).toEqual(queue(['a', 'b'], 0));
  });

  it('the end of an item moves to the next one, and stops at the end of the queue', () => {
    expect(nextOf(queue(['a', 'b'], 0))).toEqual(queue(['a', 'b'], 1));
    expect(nextOf(queue(['a', 'b'], 1))).toBeNull();
    expect(nextOf(queue(['a'], null))).toBeNull();
  });
});
