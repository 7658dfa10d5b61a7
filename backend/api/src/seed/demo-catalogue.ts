/**
 * A small, real Yu-Gi-Oh! catalogue for the embedded demo: real set names, codes and North American
 * release dates, real card names, set codes and rarities. Prices are in céntimos; pictures are
 * generated (no copyrighted card art).
 */
export interface DemoSet {
  id: string;
  name: string;
  releaseDate: string;
}

export interface DemoCard {
  name: string;
  nameEs: string;
  setCode: string;
  setId: string;
  rarity: string;
  edition: '1st Edition' | 'Unlimited';
  language: 'en' | 'es';
  salePrice: number;
  offerPrice: number | null;
  stock: number;
  unitCost: number;
}

export const demoSets: DemoSet[] = [
  { id: 'LOB', name: 'Legend of Blue Eyes White Dragon', releaseDate: '2002-03-08' },
  { id: 'MRD', name: 'Metal Raiders', releaseDate: '2002-06-26' },
  { id: 'PSV', name: "Pharaoh's Servant", releaseDate: '2002-10-20' },
  { id: 'LON', name: 'Labyrinth of Nightmare', releaseDate: '2003-03-01' },
  { id: 'LCKC', name: 'Legendary Collection Kaiba', releaseDate: '2015-11-13' },
];

type Row = [name: string, nameEs: string, code: string, rarity: string, sale: number, stock: number];

const rows: Record<string, Row[]> = {
  LOB: [
    ['Blue-Eyes White Dragon', 'Dragón Blanco de Ojos Azules', 'LOB-EN001', 'Ultra Rare', 18900, 3],
    ['Dark Magician', 'Mago Oscuro', 'LOB-EN005', 'Ultra Rare', 12500, 4],
    ['Red-Eyes B. Dragon', 'Dragón Negro de Ojos Rojos', 'LOB-EN070', 'Ultra Rare', 9900, 2],
    ['Exodia the Forbidden One', 'Exodia el Prohibido', 'LOB-EN124', 'Ultra Rare', 15000, 1],
    ['Tri-Horned Dragon', 'Dragón de Tres Cuernos', 'LOB-EN000', 'Secret Rare', 22000, 0],
    ['Monster Reborn', 'Monstruo Renacido', 'LOB-EN118', 'Ultra Rare', 6500, 5],
  ],
  MRD: [
    ['Gate Guardian', 'Guardián de la Puerta', 'MRD-EN000', 'Secret Rare', 14000, 2],
    ['Black Skull Dragon', 'Dragón Calavera Negra', 'MRD-EN018', 'Ultra Rare', 8800, 3],
    ['Change of Heart', 'Cambio de Opinión', 'MRD-EN060', 'Ultra Rare', 5500, 6],
    ['Mirror Force', 'Fuerza Espejo', 'MRD-EN138', 'Ultra Rare', 7900, 4],
  ],
  PSV: [
    ['Jinzo', 'Jinzo', 'PSV-EN000', 'Secret Rare', 11000, 2],
    ['Imperial Order', 'Orden Imperial', 'PSV-EN104', 'Ultra Rare', 4500, 3],
  ],
  LON: [
    ['Dark Magician Girl', 'Chica Maga Oscura', 'LON-EN000', 'Secret Rare', 16500, 1],
    ['Jirai Gumo', 'Jirai Gumo', 'LON-EN007', 'Common', 300, 12],
  ],
  LCKC: [['Blue-Eyes White Dragon', 'Dragón Blanco de Ojos Azules', 'LCKC-EN001', 'Ultra Rare', 3500, 8]],
};

export const demoCards: DemoCard[] = Object.entries(rows).flatMap(([setId, cards]) =>
  cards.flatMap(([name, nameEs, setCode, rarity, sale, stock], index): DemoCard[] => {
    const english: DemoCard = {
      name,
      nameEs,
      setCode,
      setId,
      rarity,
      edition: index % 2 === 0 ? '1st Edition' : 'Unlimited',
      language: 'en',
      salePrice: sale,
      offerPrice: index === 1 ? Math.round(sale * 0.85) : null,
      stock,
      unitCost: Math.round(sale * 0.6),
    };
    // Every set's first card also comes as a Spanish print, so both languages can be browsed.
    if (index !== 0) return [english];
    const spanish: DemoCard = {
      ...english,
      setCode: setCode.replace(/-EN(\d+)$/, '-SP$1'),
      language: 'es',
      salePrice: Math.round(sale * 0.8),
      offerPrice: null,
      stock: Math.max(1, stock - 1),
    };
    return [english, spanish];
  }),
);
