import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { OrderedList } from './ordered-list';

type Row = { id: number; name: string };
const ROWS: Row[] = [
  { id: 1, name: 'Films' },
  { id: 2, name: 'Séries' },
  { id: 3, name: 'Direct' },
];
const LABELS = {
  up: (name: string) => `Monter ${name}`,
  down: (name: string) => `Descendre ${name}`,
  moved: (name: string, position: number) => `${name} est maintenant à la place ${position}.`,
};

/** A page that keeps the order itself (a draft), as the home rows and a collection do. */
function DraftPage({ moves }: { moves: { keys: number[]; name: string; to: number }[] }) {
  const [rows, setRows] = useState(ROWS);
  return (
    <OrderedList
      items={rows}
      keyOf={(r) => r.id}
      nameOf={(r) => r.name}
      labels={LABELS}
      onMove={(keys, row, to) => {
        moves.push({ keys, name: row.name, to });
        setRows(keys.map((id) => rows.find((r) => r.id === id)!));
      }}
      renderItem={(row, { index, controls }) => (
        <>
          <span>
            {index + 1}. {row.name}
          </span>
          <input aria-label={`Note ${row.name}`} />
          {controls}
        </>
      )}
    />
  );
}

const names = () =>
  screen.getAllByRole('listitem').map((li) => li.querySelector('span:not(.drag-handle)')?.textContent);

/** A pointer drag of one item's handle dropped on another item, as the browser fires it. */
function drag(from: string, onto: string) {
  const handle = within(screen.getByText(new RegExp(from)).closest('li')!).getByTitle(`Glisser pour déplacer ${from}`);
  const target = screen.getByText(new RegExp(onto)).closest('li')!;
  fireEvent.dragStart(handle);
  fireEvent.dragEnter(target);
  fireEvent.dragOver(target);
  fireEvent.drop(target);
  fireEvent.dragEnd(handle);
}

describe('the ordered list of the console (decision 118)', () => {
  it('spec console: ↓ moves an item one place, keeps the focus on the button pressed and reads out the new place', () => {
    const moves: { keys: number[]; name: string; to: number }[] = [];
    render(<DraftPage moves={moves} />);
    expect(screen.getByRole('button', { name: 'Monter Films' })).toBeDisabled();
    const down = screen.getByRole('button', { name: 'Descendre Films' });
    down.focus();
    fireEvent.click(down);
    expect(moves).toEqual([{ keys: [2, 1, 3], name: 'Films', to: 1 }]);
    expect(names()).toEqual(['1. Séries', '2. Films', '3. Direct']);
    expect(screen.getByRole('status')).toHaveTextContent('Films est maintenant à la place 2.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre Films' }));

    // At the bottom the ↓ button is disabled: the focus goes to ↑ of the same item.
    fireEvent.click(screen.getByRole('button', { name: 'Descendre Films' }));
    expect(names()).toEqual(['1. Séries', '2. Direct', '3. Films']);
    expect(screen.getByRole('button', { name: 'Descendre Films' })).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter Films' }));
    expect(screen.getByRole('status')).toHaveTextContent('Films est maintenant à la place 3.');
  });

  it('spec console: Alt+↑ in an item moves it up; Alt+↑ in one of its text fields is left to the field', () => {
    const moves: { keys: number[]; name: string; to: number }[] = [];
    render(<DraftPage moves={moves} />);
    fireEvent.keyDown(screen.getByLabelText('Note Direct'), { key: 'ArrowUp', altKey: true });
    expect(moves).toEqual([]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Descendre Direct' }), { key: 'ArrowUp', altKey: true });
    expect(names()).toEqual(['1. Films', '2. Direct', '3. Séries']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter Direct' }));
    expect(screen.getByRole('status')).toHaveTextContent('Direct est maintenant à la place 2.');
  });

  it('spec console: an item dragged by its handle and dropped on another takes its place, either way', () => {
    const moves: { keys: number[]; name: string; to: number }[] = [];
    render(<DraftPage moves={moves} />);
    drag('Films', 'Direct');
    expect(moves).toEqual([{ keys: [2, 3, 1], name: 'Films', to: 2 }]);
    expect(names()).toEqual(['1. Séries', '2. Direct', '3. Films']);
    expect(screen.getByRole('status')).toHaveTextContent('Films est maintenant à la place 3.');
    drag('Direct', 'Séries');
    expect(names()).toEqual(['1. Direct', '2. Séries', '3. Films']);
    // Dropped on itself: nothing moves.
    drag('Films', 'Films');
    expect(moves).toHaveLength(2);
    expect(screen.getAllByRole('listitem').some((li) => li.classList.contains('is-dragged'))).toBe(false);
  });

  it('spec console: while dragged over, the place it would take is outlined; a drag from another list is not taken', () => {
    const moves: { keys: number[]; name: string; to: number }[] = [];
    render(
      <>
        <DraftPage moves={moves} />
        <DraftPage moves={moves} />
      </>,
    );
    const [first, second] = screen.getAllByRole('list');
    const handle = within(first!).getByTitle('Glisser pour déplacer Films');
    const target = within(first!)
      .getByText(/Direct/)
      .closest('li')!;
    fireEvent.dragStart(handle);
    fireEvent.dragOver(target);
    expect(target).toHaveAttribute('class', 'is-drop-target');
    expect(handle.closest('li')).toHaveAttribute('class', 'is-dragged');
    // The other list's item refuses the drop: its dragover is not cancelled and a drop does nothing.
    const elsewhere = within(second!)
      .getByText(/Séries/)
      .closest('li')!;
    expect(fireEvent.dragOver(elsewhere)).toBe(true);
    fireEvent.drop(elsewhere);
    fireEvent.dragEnd(handle);
    expect(moves).toEqual([]);
    expect(target).not.toHaveAttribute('class');
  });

  it('spec console: where the page saves at once, the new place is read out and the focus comes back once the answer is drawn', async () => {
    let answer: (rows: Row[]) => void = () => {};
    function SavingPage() {
      const [rows, setRows] = useState(ROWS);
      const [busy, setBusy] = useState(false);
      const [said, setSaid] = useState('');
      return (
        <>
          <p role="status">{said}</p>
          <OrderedList
            layout="table"
            head={
              <tr>
                <th>Nom</th>
                <th>Actions</th>
              </tr>
            }
            items={rows}
            keyOf={(r) => r.id}
            nameOf={(r) => r.name}
            labels={LABELS}
            disabled={busy}
            announce={setSaid}
            onMove={(keys) => {
              setBusy(true);
              answer = (saved) => {
                setRows(saved);
                setBusy(false);
              };
              expect(keys).toEqual([1, 3, 2]);
            }}
            renderItem={(row, { controls }) => (
              <>
                <td>{row.name}</td>
                <td>{controls}</td>
              </>
            )}
          />
        </>
      );
    }
    render(<SavingPage />);
    expect(screen.getByRole('columnheader', { name: 'Nom' })).toBeInTheDocument();
    const up = screen.getByRole('button', { name: 'Monter Direct' });
    up.focus();
    fireEvent.click(up);
    expect(screen.getByRole('button', { name: 'Monter Direct' })).toBeDisabled();
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => answer([ROWS[0]!, ROWS[2]!, ROWS[1]!]));
    expect(screen.getAllByRole('row').map((tr) => tr.firstElementChild?.textContent)).toEqual([
      'Nom',
      'Films',
      'Direct',
      'Séries',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Direct est maintenant à la place 2.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter Direct' }));
  });

  it('spec console: a refused move leaves the order and brings the focus back without announcing a place', () => {
    function RefusingPage() {
      const [busy, setBusy] = useState(false);
      const [said, setSaid] = useState('');
      return (
        <>
          <p role="status">{said}</p>
          <button type="button" onClick={() => setBusy(false)}>
            Refusé
          </button>
          <OrderedList
            items={ROWS}
            keyOf={(r) => r.id}
            nameOf={(r) => r.name}
            labels={LABELS}
            disabled={busy}
            announce={setSaid}
            onMove={() => setBusy(true)}
            renderItem={(row, { controls }) => (
              <>
                <span>{row.name}</span>
                {controls}
              </>
            )}
          />
        </>
      );
    }
    render(<RefusingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Descendre Séries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refusé' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre Séries' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
