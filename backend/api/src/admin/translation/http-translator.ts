import { readAtMost } from '../../infra/http/read-at-most';
import type { Logger } from '../../logging/logger';
import type { Translator } from './translation.port';

// The lookup waits for it, so a slow service must not keep the admin waiting long.
const TIMEOUT_MS = 5000;

/** `{translated}` for a card name of at most 200 characters: anything larger is not an answer. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Spec §7's translate-to-Spanish function: POST JSON {name} → {translated}. Failure is only a warning. */
export class HttpTranslator implements Translator {
  constructor(
    private readonly url: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async translateToSpanish(name: string): Promise<string | null> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // Only the configured address: an answer cannot send the server elsewhere (a neighbour, a metadata service).
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = await readAtMost(response, MAX_ANSWER_BYTES, () => new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
      const translated = (JSON.parse(body.toString('utf8')) as { translated?: unknown } | null)?.translated;
      if (typeof translated !== 'string' || translated.trim() === '' || translated.length > 200) throw new Error('no translated text of a card name in the answer');
      return translated.trim();
    } catch (error) {
      this.logger.warn({ err: error, name }, 'translation to Spanish failed; the admin can type the name');
      return null;
    }
  }
}

/** Without TRANSLATE_URL there is nothing to ask. */
export const noTranslator: Translator = { translateToSpanish: async () => null };
