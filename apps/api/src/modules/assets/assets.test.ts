import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { randomIp, signUp } from '../../../test/fixtures';
import { appForFile, behindProxy } from '../../../test/test-app';
import { isUserImage } from './images';
import { assetPaths } from './routes';

const api = appForFile(behindProxy);

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#1976d2' } })
    .png()
    .toBuffer();

/** A valid black PNG of 1-bit grey pixels, written by hand (tiny however many pixels it has). */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter byte 0, then width/8 bytes of black.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(token: string | undefined, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${api.url}${assetPaths.userProfileImage}/`, {
    method: 'POST',
    headers: { 'x-forwarded-for': randomIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  type Answer = { statusCode: number; data: { imageId: string; url: string } };
  return { status: response.status, body: (await response.json()) as Answer };
}

describe('profile image upload', () => {
  it('stores a re-encoded image the public address serves with long-lived caching', async () => {
    const user = await signUp(api);
    const answer = await upload(user.tokens.accessToken, await png());
    expect(answer.status).toBe(200);
    const { imageId, url } = answer.body.data;
    expect(url).toBe(`/v1/assets/images/${imageId}`);

    const image = await fetch(api.url + url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('keeps the picture but drops its metadata (camera, GPS) and scales huge pictures down', async () => {
    const user = await signUp(api);
    const withExif = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    const answer = await upload(user.tokens.accessToken, withExif, 'photo.jpg', 'image/jpeg');
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(api.url + answer.body.data.url)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
    expect(bytes.includes('secret-location')).toBe(false);
  });

  it('judges by content: a text file named .png, an SVG or a GIF answers 400 and stores nothing', async () => {
    const user = await signUp(api);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const [bytes, name] of [
      [Buffer.from('not an image at all'), 'a.png'],
      [Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'b.png'],
      [svg, 'a.svg'],
      [gif, 'a.gif'],
    ] as const) {
      const answer = await upload(user.tokens.accessToken, bytes, name);
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(400);
    }
  });

  it('names the accepted formats when a file is not an image, in the request language', async () => {
    const user = await signUp(api);
    const expected = {
      en: 'The file must be a PNG, JPEG or WebP image of at most 2 MB',
      fa: 'فایل باید تصویری با قالب \u2066PNG\u2069، \u2066JPEG\u2069 یا \u2066WebP\u2069 و حداکثر ۲ مگابایت باشد',
      ar: 'يجب أن يكون الملف صورة بصيغة \u2066PNG\u2069 أو \u2066JPEG\u2069 أو \u2066WebP\u2069 بحجم ٢ ميغابايت على الأكثر',
    };
    for (const [locale, message] of Object.entries(expected)) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(Buffer.from('notes, not a picture'))], { type: 'image/png' }),
        'a.png',
      );
      const response = await fetch(`${api.url}${assetPaths.userProfileImage}/`, {
        method: 'POST',
        headers: {
          'x-forwarded-for': randomIp(),
          'accept-language': locale,
          authorization: `Bearer ${user.tokens.accessToken}`,
        },
        body: form,
      });
      const body = (await response.json()) as { statusCode: number; data: { errors: unknown } };
      expect(body.statusCode).toBe(400);
      expect(body.data.errors).toEqual([{ path: 'file', message }]);
    }
  });

  it('refuses a decompression bomb: a valid, tiny file of more pixels than the limit', async () => {
    const user = await signUp(api);
    // 8200×5000 = 41 megapixels of black, 1 bit each: a few kilobytes once compressed.
    const bomb = blankPng(8200, 5000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 8200,
      height: 5000,
    });
    const answer = await upload(user.tokens.accessToken, bomb);
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(400);
    // Just under the limit, the same kind of file is taken (and scaled down).
    const big = await upload(user.tokens.accessToken, blankPng(8000, 5000));
    expect(big.status).toBe(200);
  });

  it('refuses a file over 2 MiB and a request without a file', async () => {
    const user = await signUp(api);
    const noise = Buffer.alloc(2 * 1024 * 1024 + 10, 7);
    expect((await upload(user.tokens.accessToken, noise)).status).toBe(400);
    const empty = await api.call('POST', assetPaths.userProfileImage, {
      token: user.tokens.accessToken,
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it('needs a logged-in user; unknown images answer 404', async () => {
    expect((await upload(undefined, await png())).status).toBe(401);
    const missing = await api.call('GET', '/v1/assets/images/0b5e2f0c-3d2a-4a8e-9a57-1d1b8f2c9e11');
    expect(missing.status).toBe(404);
    expect((await api.call('GET', '/v1/assets/images/not-a-uuid')).status).toBe(400);
  });

  it('an image belongs to its uploader only', async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const { imageId } = (await upload(owner.tokens.accessToken, await png())).body.data;
    expect(await isUserImage(api.deps.database.db, owner.id, imageId)).toBe(true);
    expect(await isUserImage(api.deps.database.db, other.id, imageId)).toBe(false);
  });
});
