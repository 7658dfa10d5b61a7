import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Database, Sql } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { LOGGER, Logger } from '../logging/logger';
import { placeholderUrl } from '../catalog/placeholder-image.controller';
import { DemoCard, demoCards, demoSets } from './demo-catalogue';

export const DEMO_USERS = {
  customer: { name: 'Lucía Quispe', email: 'cliente@demo.tcg.pe', phone: '987654321' },
  admin: { name: 'Admin Demo', email: 'admin@demo.tcg.pe', phone: '912345678' },
} as const;

export function demoCardId(card: DemoCard): string {
  return [card.name, card.setCode, card.rarity, card.edition, card.language].join('_');
}

/**
 * Seeds the demo catalogue once, on an empty database (no sets yet), in one transaction so a crash
 * mid-way leaves nothing half-written. Demo accounts exist only in the embedded demo.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoSeed || this.config.role === 'worker') return;
    const seeded = await this.seed();
    if (seeded) this.logger.info({ sets: demoSets.length, cards: demoCards.length }, 'demo catalogue seeded');
  }

  async seed(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE sets IN EXCLUSIVE MODE');
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM sets');
      if (rows[0].n > 0) return false;
      await this.seedSets(tx);
      await this.seedCards(tx);
      await this.seedHome(tx);
      if (!this.config.databaseUrl && this.config.env !== 'production') await this.seedDemoUsers(tx);
      return true;
    });
  }

  private async seedSets(tx: Sql): Promise<void> {
    for (const set of demoSets) {
      const codes = demoCards.filter((card) => card.setId === set.id).map((card) => card.setCode);
      await tx.query(
        `INSERT INTO sets (id, name, release_date, products, cards, image_url)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [set.id, set.name, set.releaseDate, JSON.stringify({ booster: true, display: false, cartaSuelta: true }), codes, placeholderUrl('set', set.name)],
      );
    }
  }

  private async seedCards(tx: Sql): Promise<void> {
    const setNames = new Map(demoSets.map((set) => [set.id, set.name]));
    for (const card of demoCards) {
      const displayName = card.language === 'es' ? card.nameEs : card.name;
      const keywords = [...new Set([card.name.toLowerCase(), card.nameEs.toLowerCase()])];
      await tx.query(
        `INSERT INTO cards (id, name, default_name, image_url, image_small_url, rarity, edition, set_name, set_code,
                            set_id, language, keywords, stock_final, last_sale_price, last_offer_price)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          demoCardId(card), displayName, card.name, placeholderUrl('card', displayName), card.rarity, card.edition,
          setNames.get(card.setId), card.setCode, card.setId, card.language, keywords, card.stock, card.salePrice, card.offerPrice,
        ],
      );
    }
  }

  private async seedHome(tx: Sql): Promise<void> {
    const slides = [
      ['Legend of Blue Eyes White Dragon', 'Los clásicos de 2002, en stock', '/categoria/yugioh/LOB'],
      ['Legendary Collection Kaiba', 'Dragón Blanco de Ojos Azules desde S/ 35', '/categoria/yugioh/LCKC'],
    ];
    for (const [order, [title, alt, link]] of slides.entries()) {
      await tx.query(
        `INSERT INTO home_slides (title, desktop_url, mobile_url, alt, link, "order") VALUES ($1, $2, $3, $4, $5, $6)`,
        [title, placeholderUrl('slide', title), placeholderUrl('slide-mobile', title), alt, link, order],
      );
    }
    for (const card of demoCards.filter((c) => c.language === 'en' && c.rarity !== 'Common').slice(0, 8)) {
      const id = demoCardId(card);
      await tx.query(
        `INSERT INTO home_most_wanted (card_id, default_name, set_name, image_small_url, price, in_stock, link)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, card.name, demoSets.find((s) => s.id === card.setId)!.name, placeholderUrl('card', card.name),
          card.offerPrice ?? card.salePrice, card.stock > 0, `/product/${encodeURIComponent(id)}`],
      );
    }
  }

  private async seedDemoUsers(tx: Sql): Promise<void> {
    for (const user of Object.values(DEMO_USERS)) {
      await tx.query('INSERT INTO users (name, email, phone) VALUES ($1, $2, $3)', [user.name, user.email, user.phone]);
    }
    await tx.query(`INSERT INTO admins (user_id, role) SELECT id, 'admin' FROM users WHERE email = $1`, [DEMO_USERS.admin.email]);
  }
}
