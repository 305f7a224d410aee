import { Outlet } from 'react-router';
import { ColourKeysLegend } from './colour-keys-legend';
import { SideMenu } from './side-menu';

/** Browsing screens: the menu rail on the left, the page beside it, the colour keys' legend. */
export function TvLayout() {
  return (
    <div className="tv-layout">
      <SideMenu />
      <main className="tv-layout__page">
        <Outlet />
      </main>
      <ColourKeysLegend />
    </div>
  );
}
