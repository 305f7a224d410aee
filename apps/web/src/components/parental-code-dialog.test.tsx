import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@playz/api-client';
import { renderWidget } from '@/test/render-widget';
import { ParentalCodeDialog } from './parental-code-dialog';

const box = (n: number) => screen.getByLabelText(`Chiffre ${n} sur 4`) as HTMLInputElement;

describe('parental-code dialog (spec 1 §2, spec 2 §5: 4 single digits)', () => {
  it('moves to the next box as digits are typed and checks the code at the fourth', async () => {
    const verify = vi.fn(async () => true);
    const onSuccess = vi.fn();
    renderWidget(<ParentalCodeDialog verify={verify} onSuccess={onSuccess} onCancel={() => {}} />);
    expect(document.activeElement).toBe(box(1));
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'a' } }); // not a digit: ignored
    expect(box(2).value).toBe('');
    fireEvent.change(box(2), { target: { value: '2' } });
    fireEvent.change(box(3), { target: { value: '3' } });
    fireEvent.change(box(4), { target: { value: '4' } });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('1234'));
    expect(verify).toHaveBeenCalledWith('1234');
  });

  it('goes back a box with backspace on an empty box', () => {
    renderWidget(<ParentalCodeDialog verify={async () => true} onSuccess={() => {}} onCancel={() => {}} />);
    fireEvent.change(box(1), { target: { value: '7' } });
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(box(1).value).toBe('');
  });

  it('fills every box from a pasted code', async () => {
    const verify = vi.fn(async () => true);
    renderWidget(<ParentalCodeDialog verify={verify} onSuccess={() => {}} onCancel={() => {}} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 98-76 ' } });
    await waitFor(() => expect(verify).toHaveBeenCalledWith('9876'));
  });

  it("asks for 4 digits when the code is incomplete ('Veuillez saisir un code à 4 chiffres')", () => {
    const verify = vi.fn(async () => true);
    renderWidget(<ParentalCodeDialog verify={verify} onSuccess={() => {}} onCancel={() => {}} />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez saisir un code à 4 chiffres');
    expect(verify).not.toHaveBeenCalled();
  });

  it('says the code is wrong and empties the boxes; says so when the server locks the check', async () => {
    const verify = vi
      .fn<(code: string) => Promise<boolean>>()
      .mockResolvedValueOnce(false)
      .mockRejectedValueOnce(new ApiError(4, 'Trop de tentatives', 429, '/customer/parental-code/check'));
    const onSuccess = vi.fn();
    renderWidget(<ParentalCodeDialog verify={verify} onSuccess={onSuccess} onCancel={() => {}} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '0000' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Le code parental est incorrect');
    expect(box(1).value).toBe('');
    fireEvent.paste(box(1), { clipboardData: { getData: () => '1111' } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Trop de tentatives'));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
