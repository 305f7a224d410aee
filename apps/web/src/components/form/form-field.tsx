import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: ReactNode;
  /** The message shown under the field (spec 1 §5 "messages appear under the field"). */
  error?: string | null;
  /** Marks the label with '*' (the forms' "* mandatory fields" note). */
  isRequired?: boolean;
  /** A hint under the field, kept separate from the error. */
  hint?: ReactNode;
}

/** A field's props split into the frame's and the control's. */
function frameOf<P extends FieldProps>({ label, error, isRequired, hint, ...control }: P) {
  return [{ label, error, isRequired, hint }, control] as const;
}

/** What the control inside a field carries to be read with its label, hint and error. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/**
 * The frame every field of the set shares: the label (with its '*'), the control, the hint and
 * the error under it, wired for screen readers (aria-invalid, aria-describedby naming the error
 * and the hint, aria-required).
 */
function Field({
  label,
  error,
  isRequired = false,
  hint,
  control,
}: FieldProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': isRequired || undefined,
      })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FormFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** One labelled input with its hint and error (the log-in, account, recovery and payment forms). */
export function FormField({ className = '', ref, ...props }: FormFieldProps) {
  const [field, input] = frameOf(props);
  const classes = `field__input ${className}`.trim();
  return <Field {...field} control={(wiring) => <input ref={ref} {...wiring} className={classes} {...input} />} />;
}

export interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  ref?: Ref<HTMLSelectElement>;
}

/** One labelled list to choose from, its options as children (the forgotten-login operator). */
export function SelectField({ className = '', ref, ...props }: SelectFieldProps) {
  const [field, select] = frameOf(props);
  const classes = `field__input field__select ${className}`.trim();
  return <Field {...field} control={(wiring) => <select ref={ref} {...wiring} className={classes} {...select} />} />;
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** What the setting does, under its name (which then shows in bold). */
  hint?: ReactNode;
  /** A setting that applies at once reads as a switch ('on' / 'off') rather than a box to tick. */
  isSwitch?: boolean;
}

/** A box to tick (register's opt-in) or a switch (a profile's kids setting), its text as its label. */
export function CheckboxField({ label, hint, isSwitch = false, className = '', ...input }: CheckboxFieldProps) {
  return (
    <label className={`checkbox ${className}`.trim()}>
      <input type="checkbox" role={isSwitch ? 'switch' : undefined} className="checkbox__input" {...input} />
      {hint ? (
        <span>
          <strong>{label}</strong>
          <br />
          {hint}
        </span>
      ) : (
        <span className="checkbox__label">{label}</span>
      )}
    </label>
  );
}
