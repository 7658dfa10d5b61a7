/** English words and their Spanish renderings, to make card names that read like the real catalogue. */
export const ADJECTIVES: ReadonlyArray<[string, string]> = [
  ['Dark', 'Oscuro'], ['Blue-Eyes', 'de Ojos Azules'], ['Red-Eyes', 'de Ojos Rojos'], ['Black', 'Negro'], ['White', 'Blanco'],
  ['Ancient', 'Antiguo'], ['Cyber', 'Ciber'], ['Chaos', 'del Caos'], ['Mystic', 'Místico'], ['Golden', 'Dorado'],
  ['Silver', 'Plateado'], ['Iron', 'de Hierro'], ['Crystal', 'de Cristal'], ['Thunder', 'del Trueno'], ['Flame', 'de Llamas'],
  ['Frost', 'de Escarcha'], ['Shadow', 'de las Sombras'], ['Celestial', 'Celestial'], ['Elemental', 'Elemental'], ['Royal', 'Real'],
  ['Savage', 'Salvaje'], ['Hidden', 'Oculto'], ['Eternal', 'Eterno'], ['Cursed', 'Maldito'], ['Sacred', 'Sagrado'],
  ['Storm', 'de la Tormenta'], ['Venom', 'Venenoso'], ['Armored', 'Acorazado'], ['Winged', 'Alado'], ['Phantom', 'Fantasma'],
];

export const NOUNS: ReadonlyArray<[string, string]> = [
  ['Dragon', 'Dragón'], ['Magician', 'Mago'], ['Warrior', 'Guerrero'], ['Knight', 'Caballero'], ['Guardian', 'Guardián'],
  ['Sorcerer', 'Hechicero'], ['Beast', 'Bestia'], ['Phoenix', 'Fénix'], ['Serpent', 'Serpiente'], ['Golem', 'Gólem'],
  ['Angel', 'Ángel'], ['Demon', 'Demonio'], ['Wizard', 'Brujo'], ['Samurai', 'Samurái'], ['Tiger', 'Tigre'],
  ['Wolf', 'Lobo'], ['Falcon', 'Halcón'], ['Titan', 'Titán'], ['Queen', 'Reina'], ['King', 'Rey'],
  ['Lord', 'Señor'], ['Fairy', 'Hada'], ['Giant', 'Gigante'], ['Witch', 'Bruja'], ['Ninja', 'Ninja'],
];

export const PLACES: ReadonlyArray<[string, string]> = [
  ['', ''], ['of the Abyss', 'del Abismo'], ['of the Sky', 'del Cielo'], ['of the Sea', 'del Mar'], ['of the Void', 'del Vacío'],
  ['of the Forest', 'del Bosque'], ['of the Mountain', 'de la Montaña'], ['of Light', 'de la Luz'], ['of Darkness', 'de la Oscuridad'],
];

export const RARITIES: ReadonlyArray<[string, number]> = [
  ['Common', 40], ['Rare', 20], ['Super Rare', 15], ['Ultra Rare', 15], ['Secret Rare', 7], ['Starlight Rare', 3],
];

/** `[english, spanish]` for name number `n`, n < ADJECTIVES × NOUNS × PLACES. */
export function cardName(n: number): [string, string] {
  const [adjective, adjectiveEs] = ADJECTIVES[n % ADJECTIVES.length];
  const [noun, nounEs] = NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length];
  const [place, placeEs] = PLACES[Math.floor(n / (ADJECTIVES.length * NOUNS.length)) % PLACES.length];
  return [[adjective, noun, place].filter(Boolean).join(' '), [nounEs, adjectiveEs, placeEs].filter(Boolean).join(' ')];
}

export const NAME_COUNT = ADJECTIVES.length * NOUNS.length * PLACES.length;
