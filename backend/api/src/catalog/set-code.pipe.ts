import { type PipeTransform } from '@nestjs/common';

/**
 * A set code in a path, as the sets are stored: upper case (admins save them so, and cards find their set
 * by the upper-case start of their codes). `/categoria/yugioh/lob` is LOB's page.
 */
export class SetCodePipe implements PipeTransform<string, string> {
  transform(value: string): string {
    return value.toUpperCase();
  }
}
