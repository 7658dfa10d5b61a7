import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from '../web/api-exception.filter';

/** What a refused body says when its schema gave the failed check no Spanish message of its own. */
export const INVALID_REQUEST = 'La petición no es válida.';

/**
 * Parses a request body with a zod schema; a refusal is a 400 in the API's error shape. A check the
 * schema words itself keeps its message; zod's own English ("Invalid input: expected object") never
 * reaches a person: `fallback` (the form's failure text) stands in for it.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown, fallback: string, code = 'bad_request'): z.output<S> {
  const parsed = schema.safeParse(value, { error: () => fallback });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ApiError(400, code, issues[0]?.message ?? fallback, issues);
}

export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly fallback = INVALID_REQUEST,
  ) {}

  transform(value: unknown): z.output<S> {
    return parseBody(this.schema, value, this.fallback);
  }
}
