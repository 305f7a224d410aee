/** The few line icons of the TV screens (24-unit grid, stroke follows the text colour). */
const PATHS = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  live: 'M4 7h16v11H4zM8 3l4 4 4-4',
  guide: 'M4 5h16M4 10h16M4 15h10M4 20h7',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM16.5 16.5L21 21',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  play: 'M7 4l13 8-13 8z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  restart: 'M4 12a8 8 0 1 0 3-6.2M4 4v5h5',
  quality: 'M4 6h16v12H4zM8 10v4M8 12h3M11 10v4M14 10h2a2 2 0 0 1 0 4h-2z',
  back: 'M15 5l-7 7 7 7',
  subtitles: 'M3 5h18v14H3zM7 12h4M13 12h4M7 15h7M16 15h1',
  explore: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  remote:
    'M9 2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM12 7h.01M10 12h.01M14 12h.01M10 16h.01M14 16h.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
