import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { hasColourKeys, remoteKeyOf, type Platform } from '@playz/platform';
import { renderTv } from '@/test/render-tv';

const deviceOf = (platform: Platform) => ({
  platform,
  lowMemory: false,
  remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, platform),
  exit: () => false,
});
const home = { 'GET /page/home/rows': { response: { Rows: [] } } };
/** A remote key as TV browsers send it: only its keyCode (Samsung: red 403 … blue 406, Guide 458). */
function pressCode(keyCode: number) {
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { keyCode, cancelable: true })));
}

describe('colour keys (where the platform has them, decisions 035 and 036)', () => {
  it('Samsung and the Orange box have colour keys; a keyboard, Android TV and Fire TV do not', () => {
    expect((['Tizen', 'OrangeSTB'] as const).every(hasColourKeys)).toBe(true);
    expect((['Web', 'AndroidTV', 'FireOS', 'XBox'] as const).some(hasColourKeys)).toBe(false);
  });

  it('on a Samsung TV the legend names them, and red, green, yellow, blue and Guide open their screens', async () => {
    const view = renderTv('/', home, deviceOf('Tizen'));
    const legend = await screen.findByRole('list', { name: 'Touches de couleur' });
    expect([...legend.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Direct',
      'Programme TV',
      'Replay',
      'Recherche',
    ]);
    const opened: string[] = [];
    for (const code of [403, 404, 405, 406]) {
      pressCode(code);
      await waitFor(() => expect(view.router.state.location.pathname).not.toBe(opened.at(-1) ?? '/'));
      opened.push(view.router.state.location.pathname);
    }
    expect(opened).toEqual(['/channels', '/guide', '/replay', '/search']);
    pressCode(458);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/guide'));
  });

  it('a keyboard has no colour keys: no legend', async () => {
    renderTv('/', home);
    await screen.findByRole('navigation');
    expect(screen.queryByRole('list', { name: 'Touches de couleur' })).toBeNull();
  });
});
