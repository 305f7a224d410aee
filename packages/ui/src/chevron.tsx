/** The carousels' arrow glyph: a 24-unit stroke drawing, hidden from screen readers (the button has the label). */
export function Chevron({ direction, size }: { direction: 'left' | 'right' | 'down'; size: number }) {
  const path = { left: 'M15 18l-6-6 6-6', right: 'M9 18l6-6-6-6', down: 'M6 9l6 6 6-6' }[direction];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
