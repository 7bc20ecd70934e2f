import { BLOG_IMAGE_NAME_PATTERN, BLOG_IMAGE_PATH } from '@paycadence/contracts';
import { fileNameFits, imageUrl, newImageName, sniffImageType, storedImageType } from './image-type.js';

const bytes = (...parts: Array<number[] | string>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffImageType', () => {
  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xdb], 'rest'), 'image/jpeg'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'), 'image/webp'],
    ['GIF87a', bytes('GIF87a', 'rest'), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 'rest'), 'image/gif'],
  ])('tells %s by its first bytes', (_label, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });

  it.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['an HTML page', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['GIF with an unknown version', bytes('GIF90a')],
    ['nothing', bytes()],
  ])('refuses %s', (_label, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});

describe('fileNameFits', () => {
  it('accepts no name, or an extension of the type in any case', () => {
    expect(fileNameFits('image/png', undefined)).toBe(true);
    expect(fileNameFits('image/png', '')).toBe(true);
    expect(fileNameFits('image/jpeg', 'holiday.photo.JPEG')).toBe(true);
    expect(fileNameFits('image/jpeg', 'a.jpg')).toBe(true);
  });

  it("refuses another type's extension, a disguised one and none", () => {
    expect(fileNameFits('image/png', 'cover.gif')).toBe(false);
    expect(fileNameFits('image/png', 'cover.png.html')).toBe(false);
    expect(fileNameFits('image/png', 'cover')).toBe(false);
    expect(fileNameFits('image/gif', 'x.svg')).toBe(false);
  });
});

describe('stored names', () => {
  it('are 24 random URL-safe characters and the canonical extension, served under the image path', () => {
    const name = newImageName('image/jpeg');
    expect(name).toMatch(/^[A-Za-z0-9_-]{24}\.jpg$/);
    expect(BLOG_IMAGE_NAME_PATTERN.test(name)).toBe(true);
    expect(newImageName('image/jpeg')).not.toBe(name);
    expect(storedImageType(name)).toBe('image/jpeg');
    expect(imageUrl(name)).toBe(`${BLOG_IMAGE_PATH}/${name}`);
  });

  it.each(['../../etc/passwd', 'AAAAAAAAAAAAAAAAAAAAAAAA.svg', 'AAAAAAAAAAAAAAAAAAAAAAAA.jpeg', 'short.png', 'AAAAAAAAAAAAAAAAAAAAAAAA.png/x', `${'A'.repeat(65)}.png`])(
    'never stands for %s',
    (name) => {
      expect(storedImageType(name)).toBeNull();
    },
  );
});
