import { Svg, type IconProps } from '@/components/icons';

/** A television: a screen in the list. */
export const ScreenIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2.5" y="4" width="19" height="13" rx="2" />
    <path d="M8 20.5h8" />
  </Svg>
);
