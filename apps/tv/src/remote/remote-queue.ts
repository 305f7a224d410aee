/**
 * The TV's play queue driven from the phone (spec 2 §4 Remote control, §7 requestItemPush / Move
 * / Delete / PositionChange). Routes are player routes (the route rule already rewrote them);
 * `position` is the index of what plays now, or null when the screen plays nothing of the queue.
 * Pure: each change gives a new queue, or the same one when the request names no item.
 */
export interface RemoteQueue {
  items: readonly string[];
  position: number | null;
}

export const emptyQueue: RemoteQueue = { items: [], position: null };

const inRange = (queue: RemoteQueue, index: number) =>
  Number.isInteger(index) && index >= 0 && index < queue.items.length;

/** requestItemPush: at the end; what plays does not change. */
export function pushItem(queue: RemoteQueue, route: string): RemoteQueue {
  return { items: [...queue.items, route], position: queue.position };
}

/**
 * requestHistoryPush: the route plays now. With `position` it goes there in the queue (the same
 * route already there is reused, so jumping back to an item does not copy it), else right after
 * what plays (or at the end when nothing plays).
 */
export function playNow(queue: RemoteQueue, route: string, position?: number): RemoteQueue {
  if (position !== undefined && queue.items[position] === route) return { items: queue.items, position };
  const fallback = queue.position === null ? queue.items.length : queue.position + 1;
  const at = Math.min(position ?? fallback, queue.items.length);
  const items = [...queue.items];
  items.splice(at, 0, route);
  return { items, position: at };
}

/** requestItemMove: the item at `from` goes to `to`; what plays keeps playing at its new index. */
export function moveItem(queue: RemoteQueue, from: number, to: number): RemoteQueue {
  if (!inRange(queue, from) || !inRange(queue, to) || from === to) return queue;
  const items = [...queue.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved!);
  let position = queue.position;
  if (position === from) position = to;
  else if (position !== null && from < position && to >= position) position -= 1;
  else if (position !== null && from > position && to <= position) position += 1;
  return { items, position };
}

/** requestItemDelete: removed; deleting what plays leaves it on screen but out of the queue. */
export function deleteItem(queue: RemoteQueue, index: number): RemoteQueue {
  if (!inRange(queue, index)) return queue;
  const items = queue.items.filter((_, i) => i !== index);
  const { position } = queue;
  if (position === null || position < index) return { items, position };
  return { items, position: position === index ? null : position - 1 };
}

/** requestPositionChange: the item to play now, or null when the queue has no such item. */
export function jumpTo(queue: RemoteQueue, index: number): RemoteQueue | null {
  return inRange(queue, index) ? { items: queue.items, position: index } : null;
}

/** After the end of what plays: the next item, or null at the end of the queue. */
export function nextOf(queue: RemoteQueue): RemoteQueue | null {
  return queue.position === null ? null : jumpTo(queue, queue.position + 1);
}
