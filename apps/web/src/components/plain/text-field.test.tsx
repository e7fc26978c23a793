import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { PlainPasswordField, PlainTextField } from './text-field';

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PlainTextField
      name="username"
      label="Username"
      value={value}
      onValueChange={setValue}
      required
      error={Boolean(error)}
      helperText={error ?? 'Letters and digits'}
    />
  );
}

afterEach(cleanup);

describe('the plain text field', () => {
  it('is named by its label, described by its help, and raises its label once it holds a value', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAttribute('name', 'username');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Letters and digits',
    );
    const field = input.closest('.pl-field');
    expect(field?.classList.contains('pl-field--filled')).toBe(false);
    await userEvent.type(input, 'sara');
    expect((input as HTMLInputElement).value).toBe('sara');
    expect(field?.classList.contains('pl-field--filled')).toBe(true);
  });

  it('shows an error in place of its help and says it is invalid', () => {
    render(<Field error="Required" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Required',
    );
    expect(screen.queryByText('Letters and digits')).not.toBeInTheDocument();
  });

  it("a password field's button shows and hides the password, and says which", async () => {
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <PlainPasswordField name="password" label="Password" value="s3cret" onValueChange={() => {}} />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show the password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide the password' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
