import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { ProfilePage } from './profile-page';

const profile = {
  id: 'p1',
  userId: 'u1',
  firstName: 'Sara',
  lastName: 'Ahmadi',
  gender: { id: 'g2', name: 'female', key: 'female' },
  birthDate: '1990-01-01',
  language: { id: 'l2', name: 'English', key: 'english' },
  image: null,
  mode: 'light',
};

const api = featureTestHarness();
beforeEach(() => {
  api.on('GET /v1/auth/profile/', profile);
  api.on('GET /v1/auth/profile/genders/', [
    { id: 'g1', name: 'male', key: 'male' },
    { id: 'g2', name: 'female', key: 'female' },
  ]);
  api.on('GET /v1/auth/profile/languages/', [
    { id: 'l1', name: 'Persian', key: 'persian' },
    { id: 'l2', name: 'English', key: 'english' },
    { id: 'l3', name: 'Arabic', key: 'arabic' },
  ]);
  api.on('PUT /v1/auth/profile/', null);
});

const open = (locale: 'fa' | 'en' | 'ar') =>
  renderScreen(<ProfilePage />, { path: `/${locale}/profile`, pattern: '/:locale/profile', locale });

/** The year, month and day the birth date field (the group `label`) shows, by their selects' names. */
async function shownBirthDate(label: string, selects: readonly [string, string, string]) {
  const birth = await screen.findByRole('group', { name: label });
  return selects.map((name) => within(birth).getByRole('combobox', { name }).textContent);
}

// MUI selects and user-event are slow on a shared two-core machine.
describe('/profile', { timeout: 30_000 }, () => {
  it('shows the loaded profile and saves a changed name with the contract fields', async () => {
    await open('en');
    const first = await screen.findByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Sara');
    await userEvent.clear(first);
    await userEvent.type(first, 'Maryam');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await api.sentOnce('PUT /v1/auth/profile/')).toEqual({
      firstName: 'Maryam',
      lastName: 'Ahmadi',
      genderId: 'g2',
      birthDate: '1990-01-01',
      languageId: 'l2',
      mode: 'light',
    });
    expect(toasts.success).toHaveBeenCalledWith('Your profile was saved.');
  });

  it('shows the birth date in the Persian calendar with Persian digits in fa', async () => {
    await open('fa');
    // 1 January 1990 is 11 Dey 1368.
    expect(await shownBirthDate('تاریخ تولد', ['سال', 'ماه', 'روز'])).toEqual(['۱۳۶۸', 'دی', '۱۱']);
  });

  it('sends a Persian-calendar choice as the Gregorian ISO date', async () => {
    await open('fa');
    const birth = await screen.findByRole('group', { name: 'تاریخ تولد' });
    await userEvent.click(within(birth).getByRole('combobox', { name: 'روز' }));
    await userEvent.click(await screen.findByRole('option', { name: '۱' }));
    await userEvent.click(within(birth).getByRole('combobox', { name: 'ماه' }));
    await userEvent.click(await screen.findByRole('option', { name: 'فروردین' }));
    await userEvent.click(within(birth).getByRole('combobox', { name: 'سال' }));
    await userEvent.click(await screen.findByRole('option', { name: '۱۳۷۰' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    // 1 Farvardin 1370 = 21 March 1991.
    expect(await api.sentOnce('PUT /v1/auth/profile/')).toMatchObject({ birthDate: '1991-03-21' });
  });

  it('refuses an empty name with the Persian message and sends nothing', async () => {
    await open('fa');
    const first = await screen.findByLabelText('نام');
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('باید حداقل ۱ نویسه باشد')).toBeInTheDocument();
    expect(api.calls('PUT /v1/auth/profile/')).toHaveLength(0);
  });

  it('previews and uploads a picture as multipart "file", then saves its imageId', async () => {
    api.on('POST /v1/assets/user-profile-image/', { imageId: 'img-9', url: '/v1/assets/img-9' });
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:preview';
    };
    URL.revokeObjectURL = () => undefined;
    await open('en');
    const input = (await screen.findByTestId('profile-image-input')) as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    // First framed in a square; this picture cannot be decoded here, so it goes as it is.
    const dialog = await screen.findByRole('dialog', { name: 'Frame your picture' });
    expect(within(dialog).getByRole('group', { name: /Picture framing/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    expect(api.calls('POST /v1/assets/user-profile-image/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this picture' }));
    await waitFor(() => expect(api.calls('POST /v1/assets/user-profile-image/')).toHaveLength(1));
    const form = api.calls('POST /v1/assets/user-profile-image/')[0]?.body as FormData;
    // The picture itself (its name does not survive Node's Request, which MSW hands the body in).
    expect((form.get('file') as File).type).toBe('image/png');
    expect(screen.getByTestId('profile-image').querySelector('img')?.getAttribute('src')).toBe(
      'blob:preview',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await api.sentOnce('PUT /v1/auth/profile/')).toMatchObject({ imageId: 'img-9' });
  });

  it('uploads nothing when the framing is cancelled', async () => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    await open('en');
    const input = (await screen.findByTestId('profile-image-input')) as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Frame your picture' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /v1/assets/user-profile-image/')).toHaveLength(0);
    expect(screen.getByTestId('profile-image').querySelector('img')).toBeNull();
  });

  it('rejects a picture that is not PNG, JPEG or WebP without uploading', async () => {
    await open('en');
    const input = (await screen.findByTestId('profile-image-input')) as HTMLInputElement;
    await userEvent.upload(input, new File(['gif'], 'me.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(api.calls('POST /v1/assets/user-profile-image/')).toHaveLength(0);
  });

  it('applies the chosen colour mode after saving', async () => {
    await open('en');
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.documentElement.dataset.mode).toBe('dark'));
    expect(localStorage.getItem('mode')).toBe('dark');
  });

  it('ticks System while the mode follows the device; choosing it saves null and forgets the saved mode', async () => {
    api.on('GET /v1/auth/profile/', { ...profile, mode: null });
    await open('en');
    const system = await screen.findByRole('radio', { name: 'System' });
    expect((system as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(localStorage.getItem('mode')).toBe('dark'));
    expect(api.calls('PUT /v1/auth/profile/')[0]?.body).toMatchObject({ mode: 'dark' });

    await userEvent.click(screen.getByRole('radio', { name: 'System' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /v1/auth/profile/')).toHaveLength(2));
    await waitFor(() => expect(localStorage.getItem('mode')).toBeNull());
    expect(api.calls('PUT /v1/auth/profile/')[1]?.body).toMatchObject({ mode: null });
  });

  it('ticks the mode chosen on this device when the profile has none', async () => {
    api.on('GET /v1/auth/profile/', { ...profile, mode: null });
    localStorage.setItem('mode', 'dark');
    await open('fa');
    expect(((await screen.findByRole('radio', { name: 'تیره' })) as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['Persian', 'fa', 'Persian (فارسی)', 'l1'],
    ['Arabic', 'ar', 'Arabic (العربية)', 'l3'],
  ] as const)(
    'choosing %s as the language saves it and moves the page to /%s',
    async (_, locale, option, languageId) => {
      const { router } = await open('en');
      await userEvent.click(await screen.findByRole('combobox', { name: 'Language' }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/${locale}/profile`));
      expect(api.calls('PUT /v1/auth/profile/')[0]?.body).toMatchObject({ languageId });
      expect(localStorage.getItem('language')).toBe(locale);
    },
  );

  it('shows the birth date in the Gregorian calendar with Arabic month names and Arabic-Indic digits in ar', async () => {
    await open('ar');
    // The Gregorian calendar: 1 January 1990.
    expect(await shownBirthDate('تاريخ الميلاد', ['السنة', 'الشهر', 'اليوم'])).toEqual([
      '١٩٩٠',
      'يناير',
      '١',
    ]);
    expect(screen.getByText('بالتقويم الميلادي.')).toBeInTheDocument();
  });

  it('saving without touching the language keeps the locale of the address', async () => {
    // The stored language is English; the user reads /fa (the URL wins at start-up).
    const { router } = await open('fa');
    await userEvent.click(await screen.findByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(api.calls('PUT /v1/auth/profile/')).toHaveLength(1));
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/fa/profile');
  });

  it("shows the server's field errors under the field", async () => {
    api.on('PUT /v1/auth/profile/', () => ({
      status: 400,
      statusCode: 400,
      data: { errors: [{ path: 'lastName', message: 'Too long for the server' }] },
    }));
    await open('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long for the server')).toBeInTheDocument();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when the profile cannot be loaded', async () => {
    api.on('GET /v1/auth/profile/', () => ({ status: 404, statusCode: 404 }));
    await open('en');
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
