import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CART_CHECK_MAX_IDS } from './cart-check.schema';

/**
 * OpenAPI descriptions of the storefront contracts in @tcg/domain. The domain types stay the source
 * of truth; these classes only document them at /api/docs.
 */
class SetProductsDoc {
  @ApiProperty() booster!: boolean;
  @ApiProperty() display!: boolean;
  @ApiProperty() cartaSuelta!: boolean;
}

export class SetDetailDoc {
  @ApiProperty({ example: 'LOB', description: 'The set code' }) id!: string;
  @ApiProperty({ example: 'Legend of Blue Eyes White Dragon' }) name!: string;
  @ApiProperty({ example: '2002-03-08', format: 'date' }) releaseDate!: string;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
  @ApiProperty() preorderAvailable!: boolean;
  @ApiProperty({ type: SetProductsDoc }) products!: SetProductsDoc;
}

export class CardDetailDoc {
  @ApiProperty({ example: 'Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en' }) id!: string;
  @ApiProperty({ description: 'Display name (Spanish for es cards)' }) name!: string;
  @ApiProperty({ description: 'English name' }) defaultName!: string;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) imageSmallUrl!: string | null;
  @ApiProperty({ example: 'Ultra Rare' }) rarity!: string;
  @ApiProperty({ example: 'Unlimited' }) edition!: string;
  @ApiProperty({ description: 'Set name the card was listed with' }) set!: string;
  @ApiProperty({ example: 'LOB-EN005' }) setCode!: string;
  @ApiProperty({ example: 'LOB' }) setId!: string;
  @ApiProperty({ example: 'en' }) language!: string;
  @ApiProperty() stockFinal!: number;
  @ApiProperty({ description: 'Céntimos' }) lastSalePrice!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Céntimos; takes precedence when set' })
  lastOfferPrice!: number | null;
  @ApiProperty({ description: 'Name of the set, for the breadcrumb' }) setName!: string;
  @ApiProperty({ description: 'Whether the set is registered, so that its page exists' }) setListed!: boolean;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class CartCheckRequestDoc {
  @ApiProperty({ type: [String], maxItems: CART_CHECK_MAX_IDS }) ids!: string[];
}

class CartCheckCardDoc {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Céntimos: the offer price when set, else the sale price' }) price!: number;
  @ApiProperty() stockFinal!: number;
}

export class CartCheckResponseDoc {
  @ApiProperty({ type: [CartCheckCardDoc], description: 'In request order; unknown ids are left out' })
  cards!: CartCheckCardDoc[];
}

export class ApiErrorDoc {
  @ApiProperty() statusCode!: number;
  @ApiProperty({ example: 'not_found' }) code!: string;
  @ApiProperty({ description: 'Spanish text for the shopper' }) message!: string;
}
