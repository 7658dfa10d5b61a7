import { Query } from '@nestjs/cqrs';
import type { HomeResponse } from '@tcg/domain';

export class GetHomeQuery extends Query<HomeResponse> {}
