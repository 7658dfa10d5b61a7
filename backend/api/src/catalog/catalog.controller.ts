import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  messages,
  type CardDetail,
  type CartCheckResponse,
  type HomeResponse,
  type LatestSetsResponse,
  type SetDetail,
} from '@tcg/domain';
import { ApiError } from '../web/api-exception.filter';
import { cartCheckSchema } from './cart-check.schema';
import { ApiErrorDoc, CardDetailDoc, CartCheckRequestDoc, CartCheckResponseDoc, SetDetailDoc } from './catalog.openapi';
import { CheckCartQuery } from './queries/check-cart.query';
import { GetCardQuery } from './queries/get-card.query';
import { GetHomeQuery } from './queries/get-home.query';
import { GetLatestSetsQuery } from './queries/get-latest-sets.query';
import { GetSetQuery } from './queries/get-set.query';
import { SetCodePipe } from './set-code.pipe';
import { ZodBodyPipe } from './zod-body.pipe';

/** Spec §9: the menu lists the 10 newest sets. */
const MENU_LATEST_SETS = 10;

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(private readonly queries: QueryBus) {}

  @Get('home')
  home(): Promise<HomeResponse> {
    return this.queries.execute(new GetHomeQuery());
  }

  // Declared before `sets/:id`, which would otherwise take "latest" for a set code.
  @Get('sets/latest')
  async latestSets(): Promise<LatestSetsResponse> {
    return { sets: await this.queries.execute(new GetLatestSetsQuery(MENU_LATEST_SETS)) };
  }

  @Get('sets/:id')
  @ApiOkResponse({ type: SetDetailDoc })
  @ApiNotFoundResponse({ type: ApiErrorDoc, description: messages.catalog.setNotFound })
  async set(@Param('id', SetCodePipe) id: string): Promise<SetDetail> {
    const set = await this.queries.execute(new GetSetQuery(id));
    if (!set) throw new ApiError(404, 'not_found', messages.catalog.setNotFound);
    return set;
  }

  @Get('cards/:id')
  @ApiOkResponse({ type: CardDetailDoc })
  @ApiNotFoundResponse({ type: ApiErrorDoc, description: messages.catalog.cardNotFound })
  async card(@Param('id') id: string): Promise<CardDetail> {
    const card = await this.queries.execute(new GetCardQuery(id));
    if (!card) throw new ApiError(404, 'not_found', messages.catalog.cardNotFound);
    return card;
  }

  /** Read-only, so a POST only because a cart's ids do not fit a URL. */
  @Post('cart/check')
  @HttpCode(200)
  @ApiBody({ type: CartCheckRequestDoc })
  @ApiOkResponse({ type: CartCheckResponseDoc })
  @ApiBadRequestResponse({ type: ApiErrorDoc })
  checkCart(@Body(new ZodBodyPipe(cartCheckSchema)) body: { ids: string[] }): Promise<CartCheckResponse> {
    return this.queries.execute(new CheckCartQuery(body.ids));
  }
}
