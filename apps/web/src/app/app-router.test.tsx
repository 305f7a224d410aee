import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { createTestRouter } from '@/test/test-router';

/** The heading shown at the moment navigate() returns, inside the click. */
let shownAfterNavigate: string | null = null;

function Page() {
  const location = useLocation();
  const navigate = useNavigate();
  const go = (flushSync: boolean) => {
    void navigate(location.pathname === '/a' ? '/b' : '/a', { flushSync });
    shownAfterNavigate = document.querySelector('h1')?.textContent ?? null;
  };
  return (
    <>
      <h1>{location.pathname}</h1>
      <button type="button" onClick={() => go(true)}>
        zap
      </button>
      <button type="button" onClick={() => go(false)}>
        link
      </button>
    </>
  );
}

describe("the app's router (decision 132)", () => {
  it('renders the next page within the navigation when asked to (flushSync: the channel zap, decision 128)', () => {
    render(createTestRouter('/a', <Page />).element);
    fireEvent.click(screen.getByRole('button', { name: 'zap' }));
    expect(shownAfterNavigate).toBe('/b');
  });

  it('renders any other navigation after it, in a transition', () => {
    render(createTestRouter('/a', <Page />).element);
    fireEvent.click(screen.getByRole('button', { name: 'link' }));
    expect(shownAfterNavigate).toBe('/a');
    expect(screen.getByRole('heading', { name: '/b' })).toBeInTheDocument();
  });
});
