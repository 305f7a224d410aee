import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT, type Translate } from '@/i18n/use-t';
import './ordered-list.css';

type Key = string | number;
type Direction = 'up' | 'down';
/** A move asked and not yet drawn: the focus and the announcement wait for the new order. */
type Pending = { key: Key; from: number; focus: Direction | null };

export type OrderedListLabels = {
  up: (name: string) => string;
  down: (name: string) => string;
  /** What is read out once the item is drawn at its new place (1 for the first). */
  moved: (name: string, position: number) => string;
};

/**
 * The labels of a list whose messages are `{scope}.up`, `{scope}.down` (with `{{name}}`) and
 * `{scope}.moved` (with `{{name}}` and `{{position}}`): the channels' and the home rows'.
 */
export function orderedListLabels(t: Translate, scope: 'channels' | 'homeRows'): OrderedListLabels {
  return {
    up: (name) => t(`${scope}.up`, { name }),
    down: (name) => t(`${scope}.down`, { name }),
    moved: (name, position) => t(`${scope}.moved`, { name, position: String(position) }),
  };
}

/**
 * A list the editor puts in order (channels, home rows, a season's episodes, a collection's items).
 * Keyboard first: each item has ↑ and ↓ buttons (Alt+↑/↓ anywhere in the item does the same); the
 * focus stays on the button pressed (on the other one at the top or the bottom) and the item's new
 * place is read out once it is drawn, which is after the server's answer where the page saves at
 * once. With a pointer, an item is dragged by its handle (native HTML drag and drop, decision 118)
 * and dropped on another item, taking its place. The page decides what a move does (`onMove`: send
 * the new order, or keep it as a draft) and draws each item's content (`renderItem`, where it puts
 * `controls`).
 */
export function OrderedList<T, K extends Key>(props: {
  items: readonly T[];
  keyOf: (item: T) => K;
  nameOf: (item: T) => string;
  labels: OrderedListLabels;
  onMove: (keys: K[], item: T, to: number) => void;
  renderItem: (item: T, tools: { index: number; controls: ReactNode }) => ReactNode;
  /** While a change is being saved: no move. */
  disabled?: boolean;
  /** The page's own live region; the list has one of its own without. */
  announce?: (text: string) => void;
  /** `table`: items are rows of a table with `head` as its header row; `list`: an ordered list. */
  layout?: 'list' | 'table';
  head?: ReactNode;
  className?: string;
  itemClassName?: (item: T) => string | undefined;
  'aria-labelledby'?: string;
}) {
  const t = useT();
  const { items, keyOf, disabled = false } = props;
  const keys = items.map(keyOf);
  const order = keys.join('\u0000');
  const pending = useRef<Pending | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const rows = useRef(new Map<Key, HTMLElement>());
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<K | null>(null);
  const [over, setOver] = useState<K | null>(null);
  const announce = props.announce ?? setSaid;

  useEffect(() => {
    const move = pending.current;
    if (!move || disabled) return;
    pending.current = null;
    const index = keys.indexOf(move.key as K);
    if (index < 0) return;
    if (index !== move.from) announce(props.labels.moved(props.nameOf(items[index]!), index + 1));
    if (!move.focus) return;
    const pressed = buttons.current.get(`${move.focus}:${move.key}`);
    const other = buttons.current.get(`${move.focus === 'up' ? 'down' : 'up'}:${move.key}`);
    (pressed && !pressed.disabled ? pressed : other)?.focus();
    // The order and the disabled state are what a pending move waits for; the rest is read from them.
  }, [order, disabled]);

  const move = (from: number, to: number, focus: Direction | null) => {
    if (disabled || from === to || to < 0 || to >= items.length) return;
    const next = [...keys];
    const [key] = next.splice(from, 1);
    next.splice(to, 0, key!);
    pending.current = { key: key!, from, focus };
    props.onMove(next, items[from]!, to);
  };

  const keepButton = (name: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(name, element);
    else buttons.current.delete(name);
  };
  const keepRow = (key: K) => (element: HTMLElement | null) => {
    if (element) rows.current.set(key, element);
    else rows.current.delete(key);
  };

  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  const itemProps = (item: T, index: number) => {
    const key = keyOf(item);
    const classes = [
      props.itemClassName?.(item),
      dragged === key ? 'is-dragged' : undefined,
      over === key && dragged !== null && dragged !== key ? 'is-drop-target' : undefined,
    ].filter(Boolean);
    return {
      ref: keepRow(key),
      className: classes.length ? classes.join(' ') : undefined,
      onKeyDown: (event: KeyboardEvent) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        // Alt+↑/↓ in a text field belongs to the field.
        if ((event.target as HTMLElement).closest('input, textarea, select')) return;
        event.preventDefault();
        const up = event.key === 'ArrowUp';
        move(index, index + (up ? -1 : 1), up ? 'up' : 'down');
      },
      // Only a drag begun in this list is taken: a season's episode is not dropped in another season.
      onDragOver: (event: DragEvent) => {
        if (dragged === null || disabled) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        if (over !== key) setOver(key);
      },
      onDrop: (event: DragEvent) => {
        if (dragged === null) return;
        event.preventDefault();
        const from = keys.indexOf(dragged);
        endDrag();
        if (from >= 0) move(from, index, null);
      },
    };
  };

  const controls = (item: T, index: number) => {
    const key = keyOf(item);
    const name = props.nameOf(item);
    return (
      <>
        <span
          className="drag-handle"
          draggable={!disabled}
          aria-hidden="true"
          title={t('orderedList.drag', { name })}
          onDragStart={(event) => {
            setDragged(key);
            if (event.dataTransfer) {
              event.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only with data; the item itself is the picture dragged.
              event.dataTransfer.setData('text/plain', name);
              const row = rows.current.get(key);
              if (row) event.dataTransfer.setDragImage(row, 16, 16);
            }
          }}
          onDragEnd={endDrag}
        >
          ⠿
        </span>
        <button
          ref={keepButton(`up:${key}`)}
          type="button"
          className="button ghost small"
          aria-label={props.labels.up(name)}
          disabled={disabled || index === 0}
          onClick={() => move(index, index - 1, 'up')}
        >
          ↑
        </button>
        <button
          ref={keepButton(`down:${key}`)}
          type="button"
          className="button ghost small"
          aria-label={props.labels.down(name)}
          disabled={disabled || index === items.length - 1}
          onClick={() => move(index, index + 1, 'down')}
        >
          ↓
        </button>
      </>
    );
  };

  const region = props.announce ? null : (
    <p role="status" className="visually-hidden">
      {said}
    </p>
  );
  const className = ['ordered-list', props.className].filter(Boolean).join(' ');
  if (props.layout === 'table')
    return (
      <>
        {region}
        <table className={className} aria-labelledby={props['aria-labelledby']}>
          {props.head ? <thead>{props.head}</thead> : null}
          <tbody>
            {items.map((item, index) => (
              <tr key={keyOf(item)} {...itemProps(item, index)}>
                {props.renderItem(item, { index, controls: controls(item, index) })}
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  return (
    <>
      {region}
      <ol className={className} aria-labelledby={props['aria-labelledby']}>
        {items.map((item, index) => (
          <li key={keyOf(item)} {...itemProps(item, index)}>
            {props.renderItem(item, { index, controls: controls(item, index) })}
          </li>
        ))}
      </ol>
    </>
  );
}
