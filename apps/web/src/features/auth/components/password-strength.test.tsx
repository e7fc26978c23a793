import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale, PasswordOwner } from '@wsm/contracts';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { resetBrowser } from '../test-utils';
import { PasswordStrength } from './password-strength';

function Harness({ owner }: { owner?: PasswordOwner }) {
  const [password, setPassword] = useState('');
  return (
    <>
      <input aria-label="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <PasswordStrength password={password} owner={owner} />
    </>
  );
}

async function renderMeter(locale: Locale, owner?: PasswordOwner) {
  const i18n = await createTestI18n(locale);
  const router = createMemoryRouter([{ path: '/:locale', element: <Harness owner={owner} /> }], {
    initialEntries: [`/${locale}`],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getByLabelText('password');
}

afterEach(resetBrowser);

describe('the password strength meter', () => {
  it('shows nothing before typing, then the level and the most useful hint (en)', async () => {
    const field = await renderMeter('en');
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    await userEvent.type(field, 'aaaaaaaa');
    const bar = await screen.findByRole('progressbar', { name: 'Password strength' });
    expect(bar).toHaveAttribute('aria-valuetext', 'very weak');
    expect(screen.getByTestId('password-strength').textContent).toBe(
      'Strength: very weak. Repeated characters like “aaa” are easy to guess.',
    );
  });

  it("counts the person's own details as guessable, and praises a good passphrase without a hint", async () => {
    const field = await renderMeter('en', { username: 'sara.karimi', phone: '09121234567' });
    await userEvent.type(field, '09121234567');
    expect(
      await screen.findByText(
        'Strength: very weak. Do not use your own details (mobile, national code, username or name).',
      ),
    ).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'Correct-Horse-Battery-9');
    expect(await screen.findByText('Strength: very strong.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'very strong');
  });

  it('speaks Persian in fa', async () => {
    const field = await renderMeter('fa', { username: 'sara.karimi' });
    await userEvent.type(field, 'aaaaaaaa');
    const bar = await screen.findByRole('progressbar', { name: 'قدرت رمز عبور' });
    expect(bar).toHaveAttribute('aria-valuetext', 'خیلی ضعیف');
    expect(screen.getByTestId('password-strength').textContent).toBe(
      'قدرت رمز: خیلی ضعیف. نویسه‌های تکراری مثل «aaa» به‌آسانی حدس زده می‌شوند.',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'sara.karimi');
    expect(
      await screen.findByText(
        'قدرت رمز: خیلی ضعیف. از اطلاعات خودتان (موبایل، کد ملی، نام کاربری یا نام) استفاده نکنید.',
      ),
    ).toBeTruthy();
  });
});
