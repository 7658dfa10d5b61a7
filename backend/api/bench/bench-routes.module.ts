import { Body, Controller, DynamicModule, HttpCode, Inject, Module, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SkipThrottle } from '@nestjs/throttler';
import type { Database } from '@tcg/projections';
import { AppModule } from '../src/app.module';
import { CheckoutCommand } from '../src/checkout';
import type { AppConfig } from '../src/config/app-config';
import { DATABASE } from '../src/database/database.module';
import type { Logger } from '../src/logging/logger';
import { ApiError } from '../src/web/api-exception.filter';

export interface BenchLine {
  cardId: string;
  quantity: number;
  unitPrice: number;
}

const buyer = { userId: 'bench-buyer', name: 'Bench Buyer', email: 'bench@example.pe', phone: '987654321' };

/**
 * Two routes on the same Nest/Express stack: the real checkout, and the naive stock decrement. Both
 * skip the per-client rate limit, which would otherwise measure itself.
 */
@SkipThrottle()
@Controller('bench')
class BenchController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Post('checkout')
  @HttpCode(201)
  async checkout(@Body() body: { items: BenchLine[]; key: string }): Promise<{ orderId: string }> {
    const input = { buyer, items: body.items, proofKey: 'bench/proof.jpg', proofHash: body.key, idempotencyKey: body.key };
    const result = await this.commands.execute(
      new CheckoutCommand(input, { correlationId: body.key, actor: buyer.userId }),
    );
    return { orderId: result.orderId };
  }

  /** What a shop without events would do: one transaction, a guarded UPDATE per line. */
  @Post('baseline')
  @HttpCode(201)
  async baseline(@Body() body: { items: BenchLine[] }): Promise<{ ok: true }> {
    const lines = [...body.items].sort((a, b) => (a.cardId < b.cardId ? -1 : 1));
    await this.db.transaction(async (tx) => {
      for (const line of lines) {
        const { rowCount } = await tx.query('UPDATE bench_stock SET stock = stock - $2 WHERE id = $1 AND stock >= $2', [
          line.cardId,
          line.quantity,
        ]);
        if (rowCount === 0) throw new ApiError(409, 'insufficient_stock', 'Stock insuficiente');
      }
    });
    return { ok: true };
  }
}

@Module({})
export class BenchAppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return { module: BenchAppModule, imports: [AppModule.forRoot(config, logger)], controllers: [BenchController] };
  }
}
