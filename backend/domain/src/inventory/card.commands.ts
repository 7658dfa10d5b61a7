import type { Edition } from '../catalog';
import type { Cents } from '../money';
import type { Command } from '../shared';
import type { CardLanguage } from './card-identity';

/** Every command carries the moment it happened, read by the caller from its clock. */
interface Timed {
  at: Date;
}

export type ListCard = Command<
  'ListCard',
  Timed & {
    name: string;
    /** The English name from the card database. */
    defaultName: string;
    /** The Spanish translation, when the translation port or the admin gave one. */
    spanishName: string | null;
    imageUrl: string | null;
    imageSmallUrl: string | null;
    rarity: string;
    edition: Edition;
    set: string;
    setCode: string;
    /** Derived from `setCode` when absent. */
    setId?: string;
    language: CardLanguage;
  }
>;

/** The card's key fields (set code, rarity, edition, language) are its identity and cannot change. */
export interface CardDetailChanges {
  name?: string;
  defaultName?: string;
  spanishName?: string | null;
  imageUrl?: string | null;
  imageSmallUrl?: string | null;
  set?: string;
  setId?: string;
}

export type ChangeCardDetails = Command<'ChangeCardDetails', Timed & { changes: CardDetailChanges }>;

/** `offerPrice` null or 0 means no offer. */
export type SetPrice = Command<'SetPrice', Timed & { salePrice: Cents; offerPrice: Cents | null }>;

/** Movement `ingreso`. */
export type AddStock = Command<'AddStock', Timed & { quantity: number; unitCost: Cents }>;

/** Movement `reserva`. The caller mints `reservationId`; reusing it makes a retry harmless. */
export type ReserveStock = Command<
  'ReserveStock',
  Timed & { reservationId: string; orderId: string; quantity: number }
>;

/** Movement `venta`, settling a reservation when its order is confirmed. */
export type SettleReservation = Command<'SettleReservation', Timed & { reservationId: string }>;

/** Movement `anulacion`, undoing a reservation when its order is cancelled or never placed. */
export type ReleaseReservation = Command<'ReleaseReservation', Timed & { reservationId: string }>;

export type CardCommand =
  ListCard | ChangeCardDetails | SetPrice | AddStock | ReserveStock | SettleReservation | ReleaseReservation;
