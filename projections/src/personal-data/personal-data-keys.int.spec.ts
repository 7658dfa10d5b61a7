import { SQL_ENGINES, type TestDatabase } from '../testing';
import { CustomerErasedError, ERASED, PersonalDataKeys } from './personal-data-keys';

describe.each(SQL_ENGINES)('PersonalDataKeys on %s', (_engine, create) => {
  let database: TestDatabase;
  let keys: PersonalDataKeys;
  beforeAll(async () => {
    database = await create();
    keys = new PersonalDataKeys(database.db);
  });
  afterAll(() => database.drop());

  const lucia = { userId: 'u-lucia', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
  const rosa = { userId: 'u-rosa', name: 'Rosa Huamán', email: 'rosa@example.pe', phone: '955111222' };

  it('makes one key per customer, even for checkouts sealing at once, and seals with it', async () => {
    const sealed = await Promise.all([keys.seal(lucia), keys.seal(lucia), keys.seal({ ...lucia, phone: '911222333' })]);
    expect(sealed[0]).toEqual({ userId: 'u-lucia', sealed: expect.stringMatching(/^v1\./) });
    expect(sealed[1]).toEqual(sealed[0]);
    const { rows } = await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM personal_data_keys WHERE user_id = 'u-lucia'");
    expect(rows[0].n).toBe(1);
    expect(await keys.contacts([{ ...sealed[2], name: null, email: null, phone: null }])).toEqual([{ name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '911222333' }]);
  });

  it("opens each customer's orders with their own key, passes orders in the clear through, and erases a customer whose key is gone", async () => {
    const stored = (buyer: { userId: string; sealed: string }) => ({ ...buyer, name: null, email: null, phone: null });
    const ofLucia = stored(await keys.seal(lucia));
    const ofRosa = stored(await keys.seal(rosa));
    const beforeSealing = { userId: 'u-old', sealed: null, name: 'Ana Ñuñez', email: 'ana@example.pe', phone: '987000111' };
    expect(await keys.contacts([ofLucia, ofRosa, beforeSealing])).toEqual([
      { name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' },
      { name: 'Rosa Huamán', email: 'rosa@example.pe', phone: '955111222' },
      { name: 'Ana Ñuñez', email: 'ana@example.pe', phone: '987000111' },
    ]);
    await database.db.query("DELETE FROM personal_data_keys WHERE user_id = 'u-rosa'");
    expect(await keys.contacts([ofLucia, ofRosa])).toEqual([
      { name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' },
      { name: ERASED, email: ERASED, phone: ERASED },
    ]);
  });

  // QA: a checkout under way while its customer was erased made them a new key, and the admin's list then
  // failed on the order sealed with the old one.
  it('refuses to seal for an erased customer, and reads as erased an order its key does not open', async () => {
    const ana = { userId: 'u-ana', name: 'Ana Ñuñez', email: 'ana@example.pe', phone: '987000111' };
    const before = await keys.seal(ana);
    await database.db.query("UPDATE personal_data_keys SET key = NULL, forgotten_at = now() WHERE user_id = 'u-ana'");
    await expect(keys.seal(ana)).rejects.toBeInstanceOf(CustomerErasedError);
    expect(await keys.contacts([{ ...before, name: null, email: null, phone: null }])).toEqual([{ name: ERASED, email: ERASED, phone: ERASED }]);
    const otherKey = { userId: 'u-lucia', sealed: before.sealed, name: null, email: null, phone: null };
    expect(await keys.contacts([otherKey])).toEqual([{ name: ERASED, email: ERASED, phone: ERASED }]);
  });
});
