import type { MeResponse } from '@/features/auth/api/get-me';

const adminUser = { id: 'u-admin', name: 'Admin Demo', firstName: 'Admin', email: 'admin@demo.tcg.pe', phone: null };

export const signedInAs = {
  admin: { user: adminUser, isAdmin: true } satisfies MeResponse,
  customer: { user: { ...adminUser, id: 'u-customer', name: 'Lucía Quispe', firstName: 'Lucía' }, isAdmin: false } satisfies MeResponse,
  nobody: { user: null, isAdmin: false } satisfies MeResponse,
};

/** What the shop's frame asks for on every page, answered empty. */
export const frameAnswers = {
  '/api/sets/latest': { sets: [] },
  '/api/auth/config': { devLogin: true, google: false },
};
