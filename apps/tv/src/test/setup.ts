import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installDomMatchers } from '@playz/ui/test-support';
import { startSpatialNavigation } from '@/navigation/spatial';

configure({ asyncUtilTimeout: 4000 });
// The spatial navigation as main.tsx starts it: screens register their focusables with it.
startSpatialNavigation();

// jsdom has no layout or scrolling: focused cards scroll themselves into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

// The DOM matchers the web's and the console's tests use, from one shared place.
installDomMatchers();

afterEach(() => {
  cleanup();
  // A fake clock a test left behind (it failed before its own clean-up) takes its timers with it:
  // none fires into the next test, which starts on the real clock.
  if (vi.isFakeTimers()) {
    vi.clearAllTimers();
    vi.useRealTimers();
  }
  localStorage.clear();
});
