import { Svg, type IconProps } from './icons';

/** Previous or next item (spec 2 §2): a bar and a triangle pointing its way. Decorative. */
export const SkipIcon = ({ direction, ...p }: IconProps & { direction: 'previous' | 'next' }) => (
  <Svg {...p}>
    {direction === 'previous' ? (
      <>
        <path d="M6 5v14" />
        <path d="M19 5 9 12l10 7z" fill="currentColor" />
      </>
    ) : (
      <>
        <path d="M18 5v14" />
        <path d="m5 5 10 7-10 7z" fill="currentColor" />
      </>
    )}
  </Svg>
);
