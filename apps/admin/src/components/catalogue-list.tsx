import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CatalogueTexts } from '@playz/api-contract/admin';
import { Status } from '../features/shell/status';

/** What a new series or collection starts with: its French title only, the rest written in its editor. */
export const frenchTitleOnly = (title: string): CatalogueTexts => ({
  fr: { title, synopsis: '' },
  en: { title: '', synopsis: '' },
  nl: { title: '', synopsis: '' },
  es: { title: '', synopsis: '' },
});

/** A list page's "new one by its title" form, with the refusal said under it. */
export function NewByTitle({
  label,
  submit,
  pending,
  refusal,
  onCreate,
}: {
  label: string;
  submit: string;
  pending: boolean;
  refusal: string | null;
  onCreate: (title: string) => void;
}) {
  const [title, setTitle] = useState('');
  return (
    <>
      <form
        className="inline-form panel"
        onSubmit={(e) => {
          e.preventDefault();
          onCreate(title);
        }}
      >
        <label>
          {label}
          <input required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={pending}>
          {submit}
        </button>
      </form>
      {refusal ? (
        <p role="alert" className="error">
          {refusal}
        </p>
      ) : null}
    </>
  );
}

/** An editor's page: the way back to its list, then the editor once its item is read. */
export function EditorFrame({
  back,
  backLabel,
  query,
  children,
}: {
  back: string;
  backLabel: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <section className="series">
      <p>
        <Link to={back}>{backLabel}</Link>
      </p>
      {query.isPending ? <Status kind="loading" /> : null}
      {query.isError ? <Status kind="error" onRetry={() => void query.refetch()} /> : null}
      {children}
    </section>
  );
}
