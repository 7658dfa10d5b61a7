import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/own-writes';

export type Edition = '1st Edition' | 'Unlimited';
export type CardLanguage = 'en' | 'es';

export interface CardVersion {
  setCode: string;
  set: string;
  rarity: string;
  rarityCode: string;
  edition: Edition;
}

export interface CardLookup {
  name: string;
  spanishName: string | null;
  imageUrl: string | null;
  imageSmallUrl: string | null;
  versions: CardVersion[];
}

export interface UploadCardBody {
  name: string;
  spanishName: string | null;
  setCode: string;
  set: string;
  rarity: string;
  edition: Edition;
  language: CardLanguage;
  quantity: number;
  /** Céntimos, as the three below. */
  unitCost: number;
  salePrice: number;
  offerPrice: number;
  imageUrl: string | null;
}

export interface UploadCardResult {
  cardId: string;
  created: boolean;
  stock: number;
  imagesQueued: boolean;
  /** When the pictures were queued (the server's clock), to ask how their copy went; null when none were. */
  queuedAt: string | null;
  /** The set the card's code names, and whether the shop has it (no set page lists the card otherwise). */
  setId: string;
  setInShop: boolean;
  /** Where the upload's events were written: the catalogue's reads wait for it (`catalogueChanged`). */
  position: number;
}

/** Spec §2: a Spanish print's code ends in -SP<digits> where the English one ends in -EN<digits>. */
export function setCodeForLanguage(setCode: string, language: CardLanguage): string {
  return language === 'es' ? setCode.trim().replace(/-EN(\d+)$/, '-SP$1') : setCode.trim();
}

/** GET /api/admin/card-lookup?name=: the card database's card with this exact English name. */
export const useCardLookup = () =>
  useMutation({ mutationFn: (name: string) => api.get<CardLookup>(`/api/admin/card-lookup?name=${encodeURIComponent(name)}`) });

/** POST /api/admin/cards/upload: lists a new card or adds the quantity to an existing one. */
export function useUploadCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: UploadCardBody; idempotencyKey: string }) =>
      api.post<UploadCardResult>('/api/admin/cards/upload', body, { idempotencyKey }),
    onSuccess: ({ position }) => {
      catalogueChanged(queryClient, position);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listed-print'] });
    },
  });
}

/** A print as the form has chosen it. */
export interface ChosenPrint {
  name: string;
  setCode: string;
  rarity: string;
  edition: Edition;
  language: CardLanguage;
}

/** The shop's card of a print: null for one not listed yet. Amounts in céntimos. */
export interface ListedPrint {
  card: { id: string; stockFinal: number; lastSalePrice: number; lastOfferPrice: number | null } | null;
}

/** GET /api/admin/cards/listed: the shop's card of the chosen print, its stock and prices as they are now. */
export function useListedPrint(print: ChosenPrint | null) {
  return useQuery({
    queryKey: ['admin', 'listed-print', print],
    queryFn: () => api.get<ListedPrint>(`/api/admin/cards/listed?${new URLSearchParams({ ...print! })}`),
    enabled: print !== null,
    // Its stock and prices as they are when the print is chosen, not as an earlier choice found them.
    staleTime: 0,
  });
}

/** How the copy of an upload's pictures went: copied, on their way, or given up and why ('Error HTTP: 404'). */
export type CardPictures = { state: 'copied' } | { state: 'pending' } | { state: 'failed'; message: string };

/** Asked once a second while the copy is on its way, 20 times at most: a copy retrying past that goes on unwatched. */
const PICTURE_CHECKS = 20;

/** GET /api/admin/cards/{id}/pictures?since=: the pictures an upload queued, while the form shows its result. */
export function useCardPictures(queued: { cardId: string; since: string } | null) {
  return useQuery({
    queryKey: ['admin', 'card-pictures', queued?.cardId, queued?.since],
    queryFn: () => api.get<CardPictures>(`/api/admin/cards/${encodeURIComponent(queued!.cardId)}/pictures?since=${encodeURIComponent(queued!.since)}`),
    enabled: queued !== null,
    refetchInterval: (query) => (query.state.data?.state === 'pending' && query.state.dataUpdateCount < PICTURE_CHECKS ? 1000 : false),
  });
}
