import { randomBytes } from 'node:crypto';
import { openContact, sealContact } from './personal-data-keys';

const lucia = { name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };

describe('sealContact / openContact', () => {
  it('opens what it sealed, and the sealed text shows none of it', () => {
    const key = randomBytes(32);
    const sealed = sealContact(key, lucia);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    for (const value of ['Lucía', 'Quispe', 'lucia', '987654321']) expect(sealed).not.toContain(value);
    expect(openContact(key, sealed)).toEqual(lucia);
  });

  // A checkout sent again must hash the same to be recognised as the same request.
  it('seals the same contact under the same key to the same text, and anything else to another', () => {
    const key = randomBytes(32);
    expect(sealContact(key, lucia)).toBe(sealContact(key, { ...lucia }));
    expect(sealContact(key, { ...lucia, phone: '987654322' })).not.toBe(sealContact(key, lucia));
    expect(sealContact(randomBytes(32), lucia)).not.toBe(sealContact(key, lucia));
  });

  it('refuses another key, an altered text and an unknown format', () => {
    const key = randomBytes(32);
    const sealed = sealContact(key, lucia);
    expect(() => openContact(randomBytes(32), sealed)).toThrow();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => openContact(key, flipped)).toThrow();
    expect(() => openContact(key, `v9.${sealed.slice(3)}`)).toThrow(/unknown format/);
  });
});
