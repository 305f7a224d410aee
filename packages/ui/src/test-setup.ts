import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout or scrolling: scrollBy is a no-op there unless a test watches it.
Element.prototype.scrollBy ??= function scrollBy() {};

afterEach(() => cleanup());
