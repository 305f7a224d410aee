import { useRef, useState, type PointerEvent } from 'react';
import { SCHEDULE_MAX_SECONDS, SCHEDULE_MIN_SECONDS } from '@playz/api-contract/admin';

/** What a drag snaps to: the same five minutes as Alt/Shift with the arrows. */
export const SNAP_SECONDS = 5 * 60;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;

export type DragKind = 'move' | 'resize';
export type Times = { start: string; duration: number };

const snap = (ms: number) => Math.round(ms / (SNAP_SECONDS * 1000)) * SNAP_SECONDS * 1000;

/**
 * Where a programme lands once dragged by `dy` pixels on a timeline of `pxPerMinute`: moved, its
 * start snaps to five minutes (Paris is a whole number of hours from UTC, so the grid is Paris's
 * too) and its length is kept; resized by its lower edge, its end snaps to five minutes and its
 * length stays between the schedule's shortest and longest (decision 103).
 */
export function draggedTimes(kind: DragKind, entry: Times, dy: number, pxPerMinute: number): Times {
  const startMs = Date.parse(entry.start);
  const deltaMs = (dy / pxPerMinute) * 60_000;
  if (kind === 'move') return { start: new Date(snap(startMs + deltaMs)).toISOString(), duration: entry.duration };
  const end = snap(startMs + entry.duration * 1000 + deltaMs);
  const duration = Math.min(SCHEDULE_MAX_SECONDS, Math.max(SCHEDULE_MIN_SECONDS, (end - startMs) / 1000));
  return { start: entry.start, duration };
}

type Drag = { kind: DragKind; entryId: number; entry: Times; y0: number; pointerId: number; moved: boolean };

/**
 * A programme block dragged with the pointer (decision 118): pressed on its body it moves, pressed
 * on its lower edge it stretches; while dragging, `preview` gives its times so the block follows
 * the pointer, snapped; released, `onDrop` gets the new times if they changed. Escape cancels. The
 * keyboard path (Alt/Shift with the arrows, the Edit form) is the page's and stays as it was.
 */
export function useTimelineDrag(options: {
  pxPerMinute: number;
  disabled: boolean;
  onDrop: (entryId: number, times: Times) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<({ entryId: number } & Times) | null>(null);

  const cancel = () => {
    drag.current = null;
    setPreview(null);
  };
  const start = (kind: DragKind, entryId: number, entry: Times) => (event: PointerEvent<HTMLElement>) => {
    // A finger scrolls the timeline: on a phone the forms move and resize (decision 103).
    if (options.disabled || event.button !== 0 || event.pointerType === 'touch') return;
    // The Edit button keeps its click; the edge's press is a resize, not also a move.
    if (kind === 'move' && (event.target as HTMLElement).closest('button, .schedule-resize')) return;
    event.stopPropagation();
    drag.current = { kind, entryId, entry, y0: event.clientY, pointerId: event.pointerId, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const dy = event.clientY - current.y0;
    if (!current.moved && Math.abs(dy) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    event.preventDefault();
    setPreview({ entryId: current.entryId, ...draggedTimes(current.kind, current.entry, dy, options.pxPerMinute) });
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    cancel();
    if (!current.moved) return;
    const times = draggedTimes(current.kind, current.entry, event.clientY - current.y0, options.pxPerMinute);
    if (times.start !== current.entry.start || times.duration !== current.entry.duration)
      options.onDrop(current.entryId, times);
  };
  const onKeyDown = (event: { key: string }) => {
    if (event.key === 'Escape' && drag.current) cancel();
  };

  /** The props of a programme's block and of its lower edge. */
  return {
    preview,
    isDragging: (entryId: number) => preview?.entryId === entryId,
    blockProps: (entryId: number, entry: Times) => ({
      onPointerDown: start('move', entryId, entry),
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: cancel,
      onKeyDownCapture: onKeyDown,
    }),
    // The edge's moves and release reach the block's handlers: they bubble from the edge.
    edgeProps: (entryId: number, entry: Times) => ({ onPointerDown: start('resize', entryId, entry) }),
  };
}
