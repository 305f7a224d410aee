import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { AlertDialog } from './alert-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { PromptDialog } from './prompt-dialog';

describe('confirm widget (spec 1 §2 shared widgets, §4 account deletion)', () => {
  it('cancel answers no; confirm answers yes', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderWidget(<ConfirmDialog title="Supprimer le compte ?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Supprimer le compte ?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('waits with the buttons disabled, then shows the generic error inside the dialog on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const onConfirm = () => new Promise<void>((_resolve, reject) => (fail = reject));
    renderWidget(<ConfirmDialog title="Supprimer ?" onConfirm={onConfirm} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    fail(new Error('500'));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
    expect(screen.getByRole('button', { name: 'Confirmer' })).not.toBeDisabled();
  });
});

describe('alert widget (spec 1 §2)', () => {
  it('shows its message and closes with OK', () => {
    const onClose = vi.fn();
    renderWidget(<AlertDialog title="Connexions multiples" message="Déconnectez-vous" onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Connexions multiples' })).toHaveTextContent('Déconnectez-vous');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes with Escape', () => {
    const onClose = vi.fn();
    renderWidget(<AlertDialog title="Info" onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('prompt widget (spec 1 §2; errors under the field, spec 1 §5)', () => {
  it('shows the error under the field and does not submit, then submits a valid value', async () => {
    const onSubmit = vi.fn();
    renderWidget(
      <PromptDialog
        title="Code promo"
        label="Votre code"
        validate={(value) => (value.trim() ? null : 'Ce champ est obligatoire')}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    const field = screen.getByLabelText('Votre code');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Ce champ est obligatoire')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'NOEL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onSubmit).toHaveBeenCalledWith('NOEL');
  });
});
