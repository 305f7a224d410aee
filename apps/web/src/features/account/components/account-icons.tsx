import { Svg as BaseSvg, type IconProps } from '@/components/icons';

// Icons only the account screens use; decorative, the text beside them carries the meaning.
// They sit beside 20 px text, hence the smaller default size than the shared icons.
const Svg = ({ size = 20, ...rest }: IconProps) => <BaseSvg size={size} {...rest} />;

export const HourglassIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 2h12M6 22h12M7 2c0 5 10 5 10 10S7 17 7 22M17 2c0 5-10 5-10 10s10 5 10 10" />
  </Svg>
);

export const MailIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
);

export const ExternalIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4h6v6M20 4l-9 9M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
  </Svg>
);
