import { Svg as BaseSvg, type IconProps } from './icons';

const Svg = ({ size = 20, ...rest }: IconProps) => <BaseSvg size={size} {...rest} />;

/** A device by its type (spec 1 §3): phone or tablet, TV, else a computer. Decorative. */
export const DeviceIcon = ({ kind, ...p }: IconProps & { kind: string | null }) => {
  if (kind === 'Mobile' || kind === 'Tablet')
    return (
      <Svg {...p}>
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <path d="M11 18h2" />
      </Svg>
    );
  if (kind === 'TV')
    return (
      <Svg {...p}>
        <rect x="2" y="4" width="20" height="13" rx="2" />
        <path d="M8 21h8M12 17v4" />
      </Svg>
    );
  return (
    <Svg {...p}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M2 20h20" />
    </Svg>
  );
};
