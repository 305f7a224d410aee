import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout or scrolling; the router's scroll restoration calls these.
window.scrollTo = () => {};
Element.prototype.scrollBy ??= function scrollBy() {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
