import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@/lib/use-translation';
import { MemoryRouter } from 'react-router';
import { createI18n } from '@/lib/i18n';
import { Drawer } from './drawer';

function renderDrawer(open = true) {
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={createI18n('fr')}>
      <MemoryRouter>
        <Drawer open={open} onClose={onClose} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return onClose;
}

describe('left menu (spec 1 §2 Layout)', () => {
  it('lists Home, Series, Replay, Live and My account', () => {
    renderDrawer();
    const [main] = screen.getAllByRole('list');
    const links = within(main!)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Accueil', '/'],
      ['Séries', '/series'],
      ['Replay', '/replay/channels'],
      ['Direct', '/channels'],
      ['Mon compte', '/customer/account'],
    ]);
  });

  it('spec 2 §1, §7: an Explore group under them opens categories, characters, comedy and games', () => {
    renderDrawer();
    const explore = screen.getByRole('list', { name: 'Explorer' });
    const links = within(explore)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Catégories', '/categories'],
      ['Personnages', '/characters'],
      ['Humour', '/comedy'],
      ['Jeux', '/games'],
    ]);
    expect(screen.getAllByRole('list')[0]).not.toBe(explore);
  });

  it('closes on Escape', () => {
    const onClose = renderDrawer();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on a click outside the panel', () => {
    const onClose = renderDrawer();
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on a leftward swipe but not on a vertical scroll', () => {
    const onClose = renderDrawer();
    const panel = screen.getByRole('navigation');
    fireEvent.touchStart(panel, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 190, clientY: 300 }] });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.touchStart(panel, { touches: [{ clientX: 250, clientY: 100 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 120, clientY: 110 }] });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is out of the keyboard order when closed', () => {
    renderDrawer(false);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
