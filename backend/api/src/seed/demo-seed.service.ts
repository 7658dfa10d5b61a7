import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardId } from '@tcg/domain';
import type { Database, EventStore, Sql } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { LOGGER, Logger } from '../logging/logger';
import { placeholderUrl } from '../catalog/placeholder-image.controller';
import { AddStockCommand, ListCardCommand, SetPriceCommand, systemContext } from '../inventory';
import { DemoCard, demoCards, demoSets } from './demo-catalogue';

/** The actor of the seed's events: how a log the seed began is told from a shop's own history. */
const SEED_ACTOR = 'seed';

export const DEMO_USERS = {
  customer: { name: 'Lucía Quispe', email: 'cliente@demo.tcg.pe', phone: '987654321' },
  admin: { name: 'Admin Demo', email: 'admin@demo.tcg.pe', phone: '912345678' },
} as const;

/** A Spanish print is listed under its Spanish name, so that name is part of its id. */
function displayName(card: DemoCard): string {
  return card.language === 'es' ? card.nameEs : card.name;
}

export function demoCardId(card: DemoCard): string {
  return cardId({ ...card, name: displayName(card) });
}

/**
 * Seeds the demo catalogue once, on an empty database: no sets yet, and an event log that is empty or
 * begins with the seed's own events (a seed that stopped part-way). A shop whose log holds a history of
 * its own is never seeded, even with every set deleted. Cards are inventory: they are
 * listed, priced and stocked through the card commands, so their stock is real events and the
 * projections build the `cards` read model from them. Every card command is idempotent (the same
 * listing and price record nothing; the stock entry has a fixed id), so a crash part-way is finished by
 * the next start. The content rows follow in one transaction, last, because "no sets" is what says the
 * seed has not finished. Demo accounts exist only in the embedded demo.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoSeed || this.config.role === 'worker') return;
    const seeded = await this.seed();
    if (seeded) this.logger.info({ sets: demoSets.length, cards: demoCards.length }, 'demo catalogue seeded');
  }

  async seed(): Promise<boolean> {
    if (await this.hasSets(this.db)) return false;
    if (!(await this.logIsEmptyOrTheSeeds())) {
      this.logger.info('demo catalogue not seeded: the event log already holds a history of its own');
      return false;
    }
    await this.seedCards();
    return this.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE sets IN EXCLUSIVE MODE');
      if (await this.hasSets(tx)) return false;
      await this.seedSets(tx);
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

  private async hasSets(sql: Sql): Promise<boolean> {
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sets');
    return rows[0].n > 0;
  }

  private async logIsEmptyOrTheSeeds(): Promise<boolean> {
    for await (const first of this.store.readAll(0, 1)) return first.metadata.actor === SEED_ACTOR;
    return true;
  }

  private async seedCards(): Promise<void> {
    const setNames = new Map(demoSets.map((set) => [set.id, set.name]));
    const context = systemContext(SEED_ACTOR);
    await Promise.all(
      demoCards.map(async (card) => {
        const name = displayName(card);
        const image = placeholderUrl('card', name);
        const listed = await this.commands.execute(
          new ListCardCommand(
            {
              name,
              defaultName: card.name,
              spanishName: card.nameEs,
              imageUrl: image,
              imageSmallUrl: image,
              rarity: card.rarity,
              edition: card.edition,
              set: setNames.get(card.setId) ?? card.setId,
              setCode: card.setCode,
              setId: card.setId,
              language: card.language,
            },
            context,
          ),
        );
        await this.commands.execute(new SetPriceCommand(listed.cardId, card.salePrice, card.offerPrice, context));
        if (card.stock > 0) {
          await this.commands.execute(new AddStockCommand(listed.cardId, card.stock, card.unitCost, context, 'demo-seed'));
        }
      }),
    );
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
      // The demo sign-in may have made them already (a shop started with DEMO_SEED=false before).
      await tx.query('INSERT INTO users (name, email, phone) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [user.name, user.email, user.phone]);
    }
    await tx.query(`INSERT INTO admins (user_id, role) SELECT id, 'admin' FROM users WHERE email = $1 ON CONFLICT (user_id) DO NOTHING`, [DEMO_USERS.admin.email]);
  }
}
