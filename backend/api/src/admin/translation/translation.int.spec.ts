import { type CardDatabaseStandIn, startCardDatabaseStandIn } from '../card-database/testing/card-database-stand-in';
import { HttpTranslator, noTranslator } from './http-translator';

describe('translateToSpanish', () => {
  let standIn: CardDatabaseStandIn;
  const warn = jest.fn();

  beforeAll(async () => {
    standIn = await startCardDatabaseStandIn({ translations: { 'Dark Magician': '  Mago Oscuro ' } });
  });
  afterAll(() => standIn.close());
  beforeEach(() => warn.mockClear());

  it('posts {name} and answers the trimmed {translated}', async () => {
    const translator = new HttpTranslator(standIn.translateUrl, { warn } as never);
    expect(await translator.translateToSpanish('Dark Magician')).toBe('Mago Oscuro');
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers null with a warning when the service fails', async () => {
    const translator = new HttpTranslator(standIn.translateUrl, { warn } as never);
    expect(await translator.translateToSpanish('Pot of Prosperity')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('answers null with a warning when the service cannot be reached', async () => {
    const translator = new HttpTranslator('http://127.0.0.1:9/translate', { warn } as never);
    expect(await translator.translateToSpanish('Dark Magician')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('never follows a redirect: null with a warning, and nothing asked where it pointed', async () => {
    const translator = new HttpTranslator(`${standIn.url}/translate-moved`, { warn } as never);
    const before = standIn.requests.length;
    expect(await translator.translateToSpanish('Dark Magician')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(standIn.requests.slice(before).map((request) => request.path)).toEqual(['/translate-moved']);
  });

  it('answers null without a configured service', async () => {
    expect(await noTranslator.translateToSpanish('Dark Magician')).toBeNull();
  });
});
