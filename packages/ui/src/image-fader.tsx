import { useEffect, useState } from 'react';
import { FADE_MS, FADER_INTERVAL_MS } from '@playz/domain';

/** Index of the slide on screen, advancing every `interval` ms (spec 2 §9: 10 s by default). */
export function useFaderIndex(
  count: number,
  interval = FADER_INTERVAL_MS,
  paused = false,
): [number, (i: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), interval);
    return () => clearInterval(timer);
  }, [count, interval, paused, index]);
  return [count === 0 ? 0 : index % count, setIndex];
}

export interface FaderImage {
  src: string;
  alt: string;
}

/** Stacked images cross-fading in FADE_MS (spec 2 §9: 0.5 s). */
export function ImageFader({
  images,
  index,
  className = '',
}: {
  images: FaderImage[];
  index: number;
  className?: string;
}) {
  return (
    <div className={`fader ${className}`.trim()} style={{ ['--fade-ms' as string]: `${FADE_MS}ms` }}>
      {images.map((image, i) => (
        <img
          key={`${image.src}-${i}`}
          className={`fader__image${i === index ? ' fader__image--active' : ''}`}
          src={image.src}
          alt={i === index ? image.alt : ''}
          aria-hidden={i === index ? undefined : true}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      ))}
    </div>
  );
}
