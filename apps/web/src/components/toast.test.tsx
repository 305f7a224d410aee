import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { useToast } from './toast';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show('Vos choix ont été enregistrés', 'success')}>
        info
      </button>
      <button type="button" onClick={() => toast.showError()}>
        error
      </button>
    </>
  );
}

describe('toast widget (spec 1 §9 toast auto-hide 3 s, §8 error toast)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a message and hides it by itself after 3 s', () => {
    vi.useFakeTimers();
    renderWidget(<ToastButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByText('Vos choix ont été enregistrés')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Vos choix ont été enregistrés')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Vos choix ont été enregistrés')).toBeNull();
  });

  it("shows the generic error 'Une erreur s'est produite' in an assertive live region", () => {
    vi.useFakeTimers();
    renderWidget(<ToastButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    const message = screen.getByText("Une erreur s'est produite");
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText("Une erreur s'est produite")).toBeNull();
  });

  it('can be closed before its time', () => {
    renderWidget(<ToastButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByText('Vos choix ont été enregistrés')).toBeNull();
  });
});
