import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { installDomMatchers } from './dom-matchers';

installDomMatchers();

describe('the shared DOM matchers', () => {
  it('toBeInTheDocument passes for a drawn element and fails for a detached or missing one', () => {
    render(<button type="button">Envoyer</button>);
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeInTheDocument();
    expect(document.createElement('p')).not.toBeInTheDocument();
    expect(screen.queryByText('Absent')).not.toBeInTheDocument();
    expect(() => expect(screen.queryByText('Absent')).toBeInTheDocument()).toThrow(/to be in the document/);
  });

  it('toHaveTextContent, toHaveAttribute and toBeDisabled read what the user meets', () => {
    render(
      <button type="button" disabled aria-label="Monter">
        {'  Un   deux '}
      </button>,
    );
    const button = screen.getByRole('button', { name: 'Monter' });
    expect(button).toHaveTextContent('Un deux');
    expect(button).toHaveTextContent(/^Un deux$/);
    expect(button).toHaveAttribute('aria-label', 'Monter');
    expect(button).not.toHaveAttribute('title');
    expect(button).toBeDisabled();
    expect(() => expect(button).not.toBeDisabled()).toThrow(/not to be disabled/);
  });
});
