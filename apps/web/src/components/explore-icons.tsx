import { Svg, type IconProps } from './icons';

// Icons of the menu's "Explore" entries (decision 060), drawn like the others in icons.tsx.

export const CategoriesIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </Svg>
);
export const CharactersIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Svg>
);
export const GamesIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 8h12a4 4 0 0 1 3.9 4.9l-1 4.3a2.4 2.4 0 0 1-4.2 1L15 16H9l-1.7 2.2a2.4 2.4 0 0 1-4.2-1l-1-4.3A4 4 0 0 1 6 8z" />
    <path d="M7.5 11v3M6 12.5h3" />
    <circle cx="16" cy="12" r="0.6" fill="currentColor" />
    <circle cx="17.5" cy="13.8" r="0.6" fill="currentColor" />
  </Svg>
);
export const ComedyIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 14.5a4.5 4.5 0 0 0 8 0z" fill="currentColor" stroke="none" />
    <path d="M8.5 9.5h.01M15.5 9.5h.01" strokeWidth={2.6} />
  </Svg>
);
