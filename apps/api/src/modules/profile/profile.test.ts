import { type Profile, profilePaths as paths, type ReferenceRow } from '@wsm/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logIn, outbox, proxiedAppAndCaller, quickUser, randomIp, signUp } from '../../../test/fixtures';
import { assetPaths } from '../assets/routes';
import { getUser } from '../identity/service';

const { api, call } = proxiedAppAndCaller('fa');

async function uploadImage(token: string): Promise<string> {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1976d2' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${api.url}${assetPaths.userProfileImage}/`, {
    method: 'POST',
    headers: { 'x-forwarded-for': randomIp(), authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as { data: { imageId: string } };
  return answer.data.imageId;
}

async function references(token: string, lang = 'en') {
  const genders = await call<ReferenceRow[]>('GET', paths.genders, token, undefined, lang);
  const languages = await call<ReferenceRow[]>('GET', paths.languages, token, undefined, lang);
  return { genders: genders.body.data, languages: languages.body.data };
}

describe('own profile', () => {
  it('requires a login', async () => {
    for (const path of [paths.profile, paths.genders, paths.languages]) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(401);
    }
    expect((await call('PUT', paths.profile, undefined, { firstName: 'X' })).status).toBe(401);
  });

  it('lists genders and languages as { id, name, key } in the request language', async () => {
    const user = await quickUser(api);
    const en = await references(user.tokens.accessToken, 'en');
    const fa = await references(user.tokens.accessToken, 'fa');
    expect(en.genders.map((g) => g.key)).toEqual(['male', 'female']);
    expect(en.languages.map((l) => l.key)).toEqual(['persian', 'english', 'arabic']);
    expect(en.genders[1]!.name).toBe('Female');
    expect(fa.genders[1]!.name).toBe('زن');
    expect(fa.genders.map((g) => g.id)).toEqual(en.genders.map((g) => g.id));
  });

  it('makes arabic the account language: its names in Arabic and its codes sent in Arabic', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const ar = await references(token, 'ar');
    expect(ar.languages.map((l) => l.name)).toEqual(['الفارسية', 'الإنجليزية', 'العربية']);
    const arabic = ar.languages.find((l) => l.key === 'arabic')!;
    const put = await call<Profile>('PUT', paths.profile, token, { languageId: arabic.id }, 'ar');
    expect(put.body).toMatchObject({
      statusMessage: 'تمت العملية بنجاح',
      data: { language: { key: 'arabic' } },
    });
    expect(await getUser(api.deps, user.id)).toMatchObject({ language: 'arabic' });
    await logIn(api, user);
    const [sms] = await outbox(api, user.phone);
    expect(sms!.text).toMatch(/^رمز الدخول: \d{6}\nهذا الرمز صالح لمدة [٠-٩]+ دقيقة\./);
  });

  it('answers the profile with defaults, then every field set by PUT', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const first = await call<Profile>('GET', `${paths.profile.slice(0, -1)}`, token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      userId: user.id,
      firstName: 'Sara',
      gender: null,
      birthDate: null,
      image: null,
      mode: null,
      language: { key: 'persian', name: 'فارسی' },
    });
    expect(first.body.data.id).toEqual(expect.any(String));

    const { genders, languages } = await references(token);
    const imageId = await uploadImage(token);
    const put = await call<Profile>(
      'PUT',
      paths.profile,
      token,
      {
        firstName: '  Reza ',
        lastName: 'Karimi',
        genderId: genders[0]!.id,
        birthDate: '1990-05-17',
        languageId: languages.find((l) => l.key === 'english')!.id,
        imageId,
        mode: 'dark',
      },
      'en',
    );
    expect(put.status).toBe(200);
    const again = await call<Profile>('GET', paths.profile, token, undefined, 'en');
    expect(again.body.data).toEqual({
      id: first.body.data.id,
      userId: user.id,
      firstName: 'Reza',
      lastName: 'Karimi',
      gender: { id: genders[0]!.id, key: 'male', name: 'Male' },
      birthDate: '1990-05-17',
      language: { id: languages[1]!.id, key: 'english', name: 'English' },
      image: { id: imageId, url: `/v1/assets/images/${imageId}` },
      mode: 'dark',
    });
    // Codes and messages now go out in English; the names are the account's.
    const account = await getUser(api.deps, user.id);
    expect(account).toMatchObject({ language: 'english', firstName: 'Reza', lastName: 'Karimi' });

    // Only the fields sent change; null clears gender, birth date and image.
    await call('PUT', paths.profile, token, { genderId: null, birthDate: null, imageId: null });
    const cleared = await call<Profile>('GET', paths.profile, token);
    expect(cleared.body.data).toMatchObject({ gender: null, birthDate: null, image: null, mode: 'dark' });
    expect(cleared.body.data.firstName).toBe('Reza');

    // A null mode means "follow the device's system setting".
    expect((await call('PUT', paths.profile, token, { mode: null })).status).toBe(200);
    expect((await call<Profile>('GET', paths.profile, token)).body.data.mode).toBeNull();
  });

  it('keeps one user’s profile away from another', async () => {
    const a = await quickUser(api);
    const b = await quickUser(api);
    await call('PUT', paths.profile, a.tokens.accessToken, { mode: 'light', birthDate: '2000-01-02' });
    const other = await call<Profile>('GET', paths.profile, b.tokens.accessToken);
    expect(other.body.data).toMatchObject({ userId: b.id, mode: null, birthDate: null });
  });

  it('refuses bad dates, unknown reference ids and images the caller did not upload (400, nothing changed)', async () => {
    const user = await quickUser(api);
    const stranger = await quickUser(api);
    const token = user.tokens.accessToken;
    const strangersImage = await uploadImage(stranger.tokens.accessToken);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bad: [Record<string, unknown>, string][] = [
      [{ birthDate: '2020-02-30' }, 'birthDate'],
      [{ birthDate: '17/05/1990' }, 'birthDate'],
      [{ birthDate: tomorrow }, 'birthDate'],
      [{ genderId: 'not-a-gender' }, 'genderId'],
      [{ languageId: 'klingon' }, 'languageId'],
      [{ imageId: strangersImage, mode: 'dark' }, 'imageId'],
      [{ mode: 'blue' }, 'mode'],
      [{ firstName: '' }, 'firstName'],
    ];
    for (const [body, path] of bad) {
      const answer = await call<{ errors: { path: string; message: string }[] }>(
        'PUT',
        paths.profile,
        token,
        body,
        'en',
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.statusCode).toBe(400);
      expect(answer.body.data.errors.map((e) => e.path)).toContain(path);
    }
    const profile = await call<Profile>('GET', paths.profile, token);
    expect(profile.body.data).toMatchObject({ image: null, mode: null, birthDate: null });
  });

  it('normalises Persian digits in the birth date', async () => {
    const user = await quickUser(api);
    const answer = await call<Profile>('PUT', paths.profile, user.tokens.accessToken, {
      birthDate: '۱۳۷۰-۰۱-۰۲'.replace('۱۳۷۰', '۱۹۹۱'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.birthDate).toBe('1991-01-02');
  });
});
