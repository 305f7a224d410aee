import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installDomMatchers } from '@playz/ui/test-support';

// The DOM matchers the web's tests use (toBeInTheDocument and its kin), from one shared place.
installDomMatchers();

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
