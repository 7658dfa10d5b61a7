/** The parts of YGOProDeck's API v7 answers the admin tools read; every other field is ignored. */
export interface CardDatabaseSetEntry {
  set_code: string;
  set_name: string;
  set_rarity: string;
  set_rarity_code: string;
}

export interface CardDatabaseImage {
  image_url: string;
  image_url_small: string;
}

export interface CardDatabaseCard {
  name: string;
  card_sets?: CardDatabaseSetEntry[];
  card_images?: CardDatabaseImage[];
}

/** One row of `cardsets.php`. */
export interface CardDatabaseSet {
  set_name: string;
  set_code: string;
  num_of_cards?: number;
  tcg_date?: string;
}
