import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from '../web/api-exception.filter';

/** Parses a request body with a zod schema; a refusal is a 400 in the API's error shape. */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ApiError(400, 'bad_request', issues[0]?.message ?? 'Solicitud inválida.', issues);
  }
}
