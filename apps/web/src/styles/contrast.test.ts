import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dark theme's colour tokens against WCAG 2.1 AA (decision 021): axe checks text on plain
 * backgrounds in the browser but cannot judge text on a gradient, so the pairs the components
 * use are checked here, from the tokens themselves.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'base.css'), 'utf8');
const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
const tokens = new Map([...root.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

function resolve(value: string): string {
  return value.replace(/var\(--([\w-]+)\)/g, (_match, name: string) => resolve(tokens.get(name) ?? ''));
}
const token = (name: string) => resolve(tokens.get(name) ?? `missing --${name}`);

function luminance(hex: string): number {
  const channels = hex.match(/^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i)?.slice(1);
  if (!channels) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = channels.map((c) => {
    const s = parseInt(c, 16) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('dark theme contrast (WCAG 1.4.3, 1.4.11)', () => {
  const backgrounds = ['bg', 'bg-raised', 'surface', 'surface-2'];

  it.each(['text', 'text-soft', 'muted', 'accent'])('--%s reads at 4.5:1 on every background', (name) => {
    for (const background of backgrounds) {
      expect(contrast(token(name), token(background)), `--${name} on --${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white text reads at 4.5:1 on the strong accent and on both ends of the accent gradient', () => {
    const stops = token('accent-gradient').match(/#[\da-f]{6}/gi) ?? [];
    expect(stops).toHaveLength(2);
    for (const fill of [token('accent-strong'), ...stops]) {
      expect(contrast('#ffffff', fill), `#fff on ${fill}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the focus ring stands out at 3:1 from the page', () => {
    expect(contrast(token('focus'), token('bg'))).toBeGreaterThanOrEqual(3);
  });
});
