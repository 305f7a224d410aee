export type DemoPattern = 'aurora' | 'city' | 'ocean' | 'cartoon' | 'slate';

/**
 * lavfi sources for the demo clips, chosen to be cheap on 2 cores and present in both Debian's
 * ffmpeg 5.1 and the npm 4.1 fallback (so no `gradients`). Smooth patterns are computed on a
 * small grid with geq and upscaled: geq at 1280x720 costs ~10x more and looks the same. Fractals
 * (mandelbrot) were dropped: 9-20 s per clip and noisy, hence expensive to encode.
 */
export function buildPatternSource(pattern: DemoPattern, width: number, height: number, fps: number): string {
  const size = `${width}x${height}`;
  switch (pattern) {
    case 'aurora':
      return (
        `nullsrc=s=192x108:r=${fps},` +
        "geq=r='20+70*pow(sin(X/23+T*0.4),2)*(1-Y/H)':" +
        "g='30+200*pow(sin(X/17+sin(Y/19+T*0.8)-T*0.3),4)*(1-Y/H/1.4)':" +
        "b='50+90*pow(sin(Y/29+T*0.2),2)'," +
        `scale=${size}:flags=bicubic`
      );
    case 'ocean':
      return (
        `nullsrc=s=192x108:r=${fps},` +
        "geq=r='20+20*sin(X/9+T*1.3)':g='90+50*sin(X/13+Y/7+T*0.9)':b='170+60*sin(Y/6-T*1.7+sin(X/17))'," +
        `scale=${size}:flags=bicubic`
      );
    case 'slate':
      // The live channels' filler (docs/decisions/022): a still, dark field under its title.
      return `color=c=0x14121c:s=${size}:r=${fps}`;
    case 'city':
      return `testsrc2=s=${size}:r=${fps}`;
    case 'cartoon': {
      // Big square cells: a 10x smaller board scaled with nearest-neighbour. seed keeps reruns identical.
      const board = `${Math.max(8, Math.round(width / 10))}x${Math.max(8, Math.round(height / 10))}`;
      return (
        `life=s=${board}:r=${fps}:seed=7:ratio=0.3:mold=10:` +
        'life_color=#FF3080:death_color=#FFB000:mold_color=#4030A0,' +
        `scale=${size}:flags=neighbor`
      );
    }
  }
}
