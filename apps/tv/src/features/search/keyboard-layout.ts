/** The on-screen keyboard's keys, row by row (French accents on the last row), and its actions. */
export const KEYBOARD_ROWS: readonly (readonly string[])[] = [
  ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  ['h', 'i', 'j', 'k', 'l', 'm', 'n'],
  ['o', 'p', 'q', 'r', 's', 't', 'u'],
  ['v', 'w', 'x', 'y', 'z', '-', "'"],
  ['1', '2', '3', '4', '5', '6', '7'],
  ['8', '9', '0', 'é', 'è', 'à', 'ç'],
];

export type KeyboardAction =
  { type: 'char'; char: string } | { type: 'space' } | { type: 'delete' } | { type: 'clear' };

/** The text after a key of the keyboard, at most `maxLength` long (the server refuses longer keywords). */
export function applyKey(text: string, action: KeyboardAction, maxLength: number): string {
  switch (action.type) {
    case 'char':
      return (text + action.char).slice(0, maxLength);
    case 'space':
      // No leading or doubled spaces: they only make the same search again.
      return text === '' || text.endsWith(' ') ? text : (text + ' ').slice(0, maxLength);
    case 'delete':
      return text.slice(0, -1);
    case 'clear':
      return '';
  }
}
