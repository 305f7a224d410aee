import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installDomMatchers } from '@playz/ui/test-support';
import { loadScreenTexts } from '@/lib/i18n';

// findBy/waitFor give up after 4 s instead of 1 s: a lazily loaded route takes longer than 1 s on
// a loaded 2-core CI machine. Only failures wait longer; passing tests are as fast as before.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no layout or scrolling; the router's scroll restoration calls these.
window.scrollTo = () => {};
Element.prototype.scrollBy ??= function scrollBy() {};

// The few DOM matchers the tests use, shared with the console's tests.
installDomMatchers();

// Every screen's texts, as once a lazy route has been opened (decision 122): a widget test renders a
// lazy screen's component without its route. lib/i18n.test.ts checks the split on fresh modules.
await loadScreenTexts();

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
