import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useTranslation } from '@/lib/use-translation';
import { renderWidget } from '@/test/render-widget';
import { Form, MandatoryFieldsNote } from './form';
import { FormField, SelectField } from './form-field';
import { SubmitButton } from './submit-button';
import { useForm } from './use-form';

type Values = { login: string; password: string; operator: string };
type FormApi = ReturnType<typeof useForm<keyof Values>>;

/** A form of the set, as the app's forms are written; `send` receives the values and the form. */
function SignIn({ send }: { send: (values: Values, form: FormApi) => void }) {
  const { i18n } = useTranslation();
  const form = useForm<keyof Values>(
    { login: '', password: '', operator: '0' },
    {
      // Listed in another order than the page shows them: focus follows the page.
      validate: (values) => ({
        operator: values.operator === '0' ? 'operatorEmpty' : null,
        password: values.password === '' ? 'passwordEmpty' : null,
        login: values.login === '' ? 'loginEmpty' : null,
      }),
    },
  );
  return (
    <>
      <Form onSubmit={form.handleSubmit((values) => send(values, form))} error={form.formMessage}>
        <FormField {...form.register('login')} label="Adresse email" isRequired hint="Celle du compte" />
        <FormField {...form.register('password')} label="Mot de passe" isRequired type="password" />
        <SelectField {...form.register('operator')} label="Opérateur" isRequired>
          <option value="0">Choisissez</option>
          <option value="1">Orange</option>
        </SelectField>
        <MandatoryFieldsNote />
        <SubmitButton />
      </Form>
      <button type="button" onClick={() => void i18n.changeLanguage('en')}>
        English
      </button>
    </>
  );
}

/** The texts an element's aria-describedby names, in its order. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));

describe('the form set (spec 1 §4, §5, §8; decision 056)', () => {
  it("names each field by its label, the '*' left out, and says it is required", () => {
    renderWidget(<SignIn send={() => {}} />);
    const login = screen.getByRole('textbox', { name: 'Adresse email' });
    expect(login).toHaveAttribute('aria-required', 'true');
    expect(login).not.toHaveAttribute('aria-invalid');
    expect(describedBy(login)).toEqual(['Celle du compte']);
    expect(screen.getByRole('combobox', { name: 'Opérateur' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('* Champs obligatoires')).toBeInTheDocument();
  });

  it('checks on submit: each message under its field, focus on the first invalid field of the page, nothing sent', () => {
    const send = vi.fn();
    renderWidget(<SignIn send={send} />);
    submit();
    const login = screen.getByRole('textbox', { name: 'Adresse email' });
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(login)).toEqual(['Veuillez saisir votre adresse email', 'Celle du compte']);
    expect(describedBy(screen.getByLabelText(/^Mot de passe/))).toEqual(['Veuillez saisir votre mot de passe']);
    const operator = screen.getByRole('combobox', { name: 'Opérateur' });
    expect(operator).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(operator)).toEqual(['Veuillez choisir votre opérateur']);
    expect(document.activeElement).toBe(login);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values once the fields are right, and clears the messages', () => {
    const send = vi.fn();
    renderWidget(<SignIn send={send} />);
    submit();
    fireEvent.change(screen.getByLabelText(/^Adresse email/), { target: { value: 'abonne@playz.fr' } });
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText(/^Opérateur/), { target: { value: '1' } });
    submit();
    expect(send).toHaveBeenCalledWith(
      { login: 'abonne@playz.fr', password: 'secret', operator: '1' },
      expect.anything(),
    );
    expect(screen.getByLabelText(/^Adresse email/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Veuillez saisir votre adresse email')).toBeNull();
  });

  it("puts a failed call's message under its field (focused) or above the form", () => {
    let failWith: Parameters<FormApi['showFailure']>[0] = { key: 'errors.generic' };
    renderWidget(<SignIn send={(_values, form) => form.showFailure(failWith)} />);
    fireEvent.change(screen.getByLabelText(/^Adresse email/), { target: { value: 'abonne@playz.fr' } });
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText(/^Opérateur/), { target: { value: '1' } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent("Une erreur s'est produite");

    failWith = { field: 'password', key: 'passwordInvalid' };
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(describedBy(password)).toEqual(["Le mode passe n'est pas valide"]);
    expect(document.activeElement).toBe(password);
  });

  it("shows its messages in the viewer's language, also when the language changes after they appeared", async () => {
    renderWidget(<SignIn send={(_values, form) => form.showFailure({ key: 'errors.generic' })} />);
    submit();
    expect(screen.getByText('Veuillez saisir votre adresse email')).toBeInTheDocument();
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(describedBy(screen.getByLabelText(/^Adresse email/))[0]).toBe('Please enter your email address');
    expect(screen.queryByText('Veuillez saisir votre adresse email')).toBeNull();
  });

  it('keeps its submit button disabled with a spinner while the call runs', () => {
    renderWidget(
      <Form onSubmit={(event) => event.preventDefault()} isPending>
        <SubmitButton isPending label="Envoyer" />
      </Form>,
    );
    const button = screen.getByRole('button', { name: 'Envoyer' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.spinner')).not.toBeNull();
    expect(button.closest('form')).toHaveAttribute('aria-busy', 'true');
  });
});
