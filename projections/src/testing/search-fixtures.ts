import type { TestCard } from './projection-harness';

/** The catalogue the search contract runs on: names in both languages, accents, abbreviations and slashes, prices with offers, stock. */
export const SEARCH_FIXTURE: TestCard[] = [
  { name: 'Blue-Eyes White Dragon', spanishName: 'Dragón Blanco de Ojos Azules', setCode: 'LOB-EN001', rarity: 'Ultra Rare', salePrice: 5000, stock: 3 },
  { name: 'Blue-Eyes White Dragon', spanishName: 'Dragón Blanco de Ojos Azules', setCode: 'LOB-SP001', rarity: 'Ultra Rare', language: 'es', salePrice: 4500 },
  { name: 'Dark Magician', spanishName: 'Mago Oscuro', setCode: 'SDY-006', rarity: 'Ultra Rare', salePrice: 3000, offerPrice: 1000, stock: 5 },
  { name: 'Dark Magician Girl', spanishName: 'Chica Maga Oscura', setCode: 'MFC-000', rarity: 'Secret Rare', salePrice: 8000, stock: 1 },
  { name: 'Pot of Greed', spanishName: 'Olla de la Codicia', setCode: 'LOB-SP119', rarity: 'Rare', language: 'es', salePrice: 1500, stock: 10 },
  { name: 'Red-Eyes Black Dragon', spanishName: 'Dragón Negro de Ojos Rojos', setCode: 'LOB-EN070', rarity: 'Ultra Rare', salePrice: 4000, offerPrice: 3500 },
  { name: 'Exodia the Forbidden One', spanishName: 'Exodia, el Prohibido', setCode: 'LOB-EN124', rarity: 'Ultra Rare', salePrice: 9000, stock: 2 },
  { name: 'Mirror Force', spanishName: 'Fuerza Espejo', setCode: 'MRD-138', rarity: 'Ultra Rare', salePrice: 2500, stock: 4 },
  { name: 'Monster Reborn', spanishName: 'Monstruo Renacido', setCode: 'LOB-SP118', rarity: 'Ultra Rare', language: 'es', salePrice: 2000 },
  { name: 'Raigeki', setCode: 'LOB-EN053', rarity: 'Super Rare', salePrice: 1200, stock: 6 },
  { name: 'Kuriboh', setCode: 'MRD-071', rarity: 'Common', salePrice: 100, stock: 20 },
  { name: 'Celtic Guardian', spanishName: 'Guardián Celta', setCode: 'LOB-EN007', rarity: 'Super Rare', salePrice: 300, stock: 2 },
  { name: 'Summoned Skull', spanishName: 'Calavera Convocada', setCode: 'MRD-003', rarity: 'Ultra Rare', salePrice: 1800, stock: 1 },
  { name: 'Time Wizard', spanishName: 'Mago del Tiempo', setCode: 'MRD-065', rarity: 'Ultra Rare', salePrice: 1100 },
  { name: 'Baby Dragon', spanishName: 'Bebé Dragón', setCode: 'MRD-088', rarity: 'Common', salePrice: 150, stock: 7 },
  { name: 'T.G. Hyper Librarian', setCode: 'TSHD-EN040', rarity: 'Super Rare', salePrice: 2200, stock: 1 },
  { name: 'Arcanite Magician/Assault Mode', setCode: 'CRMS-EN020', rarity: 'Super Rare', salePrice: 900 },
  { name: 'P.U.N.K. Foxy Tune', setCode: 'PHNI-EN001', rarity: 'Super Rare', salePrice: 300, stock: 2 },
];
