import { isAmount, isUploadQuantity, messages, parseSolesToCents } from '@tcg/domain';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import {
  type CardLanguage,
  type CardLookup,
  type Edition,
  setCodeForLanguage,
  type UploadCardBody,
  useCardLookup,
  type ListedPrint,
  useCardPictures,
  useListedPrint,
  useUploadCard,
} from '../api/upload-card';
import '../../content-admin.css';

const upload = messages.admin.upload;

/** Spec §8's failure status, followed by the reason when there is one (the form's own, or the API's in a 4xx). */
function uploadFailure(reason: string | null): string {
  return reason ? `${upload.uploadFailed} ${reason}` : upload.uploadFailed;
}

/** Spec §8's search failure, followed by whether the name is unknown or the card database did not answer. */
function searchFailure(error: unknown): string {
  const unknown = error instanceof ApiError && error.status === 404;
  return `${upload.searchFailed} ${unknown ? upload.notFoundHint : upload.cardDatabaseDown}`;
}

/**
 * Why an upload failed, when that is known: the shop's refusal of a request (4xx), or a card database that
 * did not answer (admin QA: said only '❌ Error al subir la carta.', where the search explained itself).
 */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'card_database_failed') return upload.cardDatabaseDown;
  return error.status >= 400 && error.status < 500 ? error.message : null;
}

/** Which step a status line speaks of: it is shown next to that step, so a phone shows it where the finger is. */
type Status = { of: 'search' | 'upload'; text: string; failed?: boolean };

/** An upload of 0 units lists the card, or sets its price and fetches its pictures again, without an `ingreso`. */
const QUANTITY_HINT = 'Con 0 se guarda la carta (precio e imágenes) sin sumar stock.';

/** DESIGN §9: the lookup found no Spanish name (the translation failed or is not set up); the upload goes on with this warning. */
export const NO_TRANSLATION_HINT = 'Sin traducción automática: escribe el nombre en español, o la carta se listará con el inglés.';

/** Spec §9: a new upload starts at quantity 1, cost 0, sale 0, offer 0, language en. */
const defaults = { quantity: '1', unitCost: '0', salePrice: '0', offerPrice: '0', language: 'en' as CardLanguage };

/** Céntimos as the price fields take them: `125.00`, no thousands separator. */
const asField = (cents: number) => (cents / 100).toFixed(2);

/** The prices a listed card fills the form with: its own; the spec's 0 / 0 for a print not listed yet. */
function pricesOf(listed: ListedPrint['card']): { salePrice: string; offerPrice: string } {
  if (!listed) return { salePrice: defaults.salePrice, offerPrice: defaults.offerPrice };
  return { salePrice: asField(listed.lastSalePrice), offerPrice: asField(listed.lastOfferPrice ?? 0) };
}

/** What the admin is told of a listed card: its stock and its price as the shop shows it. */
function listedNote(card: NonNullable<ListedPrint['card']>): string {
  const price = card.lastOfferPrice === null ? `${formatMoney(card.lastSalePrice)}, sin oferta` : `${formatMoney(card.lastSalePrice)} (oferta ${formatMoney(card.lastOfferPrice)})`;
  return upload.listed(card.stockFinal, price);
}

/** Spec §2/§5 Admin single card upload: search by English name (Enter), choose a version, upload. */
export function UploadCardForm() {
  const formId = useId();
  const [englishName, setEnglishName] = useState('');
  const [found, setFound] = useState<CardLookup | null>(null);
  const [spanishName, setSpanishName] = useState('');
  const [version, setVersion] = useState('');
  const [edition, setEdition] = useState<Edition>('Unlimited');
  const [numbers, setNumbers] = useState(defaults);
  const [status, setStatusOf] = useState<Status>({ of: 'search', text: '' });
  const setStatus = (text: string, failed = false) => setStatusOf({ of: 'search', text, failed });
  const setUploadStatus = (text: string, failed = false) => setStatusOf({ of: 'upload', text, failed });
  const lookup = useCardLookup();
  const save = useUploadCard();
  const attempt = useIdempotencyKey('uploadCard');
  // The pictures the last upload queued: a copy the card database refused is said under its result.
  const [queued, setQueued] = useState<{ cardId: string; since: string } | null>(null);
  const pictures = useCardPictures(queued);
  const picturesFailed = pictures.data?.state === 'failed' ? `${pictures.data.message} ${upload.imageRetryHint}` : null;

  // A failure reads as one (admin QA: bold black text, told apart only by its emoji).
  const statusClass = (of: Status['of']) => `ca-status${status.of === of && status.failed ? ' ca-status--failed' : ''}`;

  const untranslated = found !== null && found.spanishName === null;
  const chosen = found && version !== '' ? found.versions[Number(version)] : null;
  const setCode = chosen ? setCodeForLanguage(chosen.setCode, numbers.language) : '';

  // The shop's card of the chosen print: its stock and prices are said, and fill the price fields, so an
  // upload keeps what the admin does not change (admin QA: a price raised over the form's 0 / 0 took the
  // card's offer away unseen). Fields the admin has typed in are left as typed.
  const print = useMemo(
    () => (found && chosen ? { name: found.name, setCode, rarity: chosen.rarity, edition, language: numbers.language } : null),
    [found, chosen, setCode, edition, numbers.language],
  );
  const listed = useListedPrint(print);
  const listedCard = print && listed.isSuccess ? listed.data.card : null;
  const filled = useRef(pricesOf(null));
  const current = useRef(numbers);
  current.current = numbers;
  useEffect(() => {
    if (!listed.isSuccess) return;
    const next = pricesOf(listed.data.card);
    const { salePrice, offerPrice } = current.current;
    const untouched = salePrice === filled.current.salePrice && offerPrice === filled.current.offerPrice;
    filled.current = next;
    if (untouched) setNumbers((numbers) => ({ ...numbers, ...next }));
  }, [listed.isSuccess, listed.data]);

  // The name as typed now: a lookup answered after the name changed is not this name's.
  const typedName = useRef('');
  // The name being looked up: Enter pressed again meanwhile asks nothing more (upload QA: three presses
  // on a slow answer sent three lookups in a row, against the card database's rate limit).
  const inFlight = useRef<string | null>(null);
  const search = () => {
    const name = englishName.trim();
    if (!name || inFlight.current === name) return;
    inFlight.current = name;
    setStatus(upload.searching);
    setFound(null);
    setVersion('');
    lookup.mutate(name, {
      onSuccess: (card) => {
        if (typedName.current.trim() !== name) return;
        // A card with no printed version (a token) has nothing to choose: said, not an empty list.
        if (card.versions.length === 0) return setStatus(`${upload.searchFailed} ${upload.noPrints}`, true);
        setFound(card);
        setSpanishName(card.spanishName ?? '');
        setStatus(upload.found);
      },
      onError: (error) => {
        if (typedName.current.trim() === name) setStatus(searchFailure(error), true);
      },
      onSettled: () => {
        if (inFlight.current === name) inFlight.current = null;
      },
    });
  };

  // The versions are the searched name's: an edited name is searched again before anything is uploaded
  // (QA: the versions of the card searched before stayed under a new name, ready to upload).
  const onNameChange = (name: string) => {
    setEnglishName(name);
    typedName.current = name;
    if (!found && status.text === '') return;
    setFound(null);
    setVersion('');
    setSpanishName('');
    setStatus('');
  };

  const onNameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  const choose = (index: string) => {
    setVersion(index);
    if (found && index !== '') setEdition(found.versions[Number(index)].edition);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!found || !chosen) return;
    const quantity = /^\d+$/.test(numbers.quantity.trim()) ? Number(numbers.quantity) : Number.NaN;
    const [unitCost, salePrice, offerPrice] = [numbers.unitCost, numbers.salePrice, numbers.offerPrice].map(parseSolesToCents);
    if (!isUploadQuantity(quantity)) return setUploadStatus(uploadFailure(messages.domain.invalidUploadQuantity), true);
    if (!isAmount(unitCost)) return setUploadStatus(uploadFailure(messages.domain.invalidUnitCost), true);
    if (!isAmount(salePrice) || !isAmount(offerPrice)) return setUploadStatus(uploadFailure(messages.domain.invalidPrice), true);
    // A sale price of 0 keeps an existing card's own, which only the server knows; a typed one must be above the offer.
    if (salePrice > 0 && offerPrice >= salePrice) return setUploadStatus(uploadFailure(messages.domain.offerNotBelowSale), true);
    setQueued(null);
    setUploadStatus(upload.uploading);
    const request: UploadCardBody = {
      name: found.name,
      spanishName: spanishName.trim() || null,
      setCode,
      set: chosen.set,
      rarity: chosen.rarity,
      edition,
      language: numbers.language,
      quantity,
      unitCost,
      salePrice,
      offerPrice,
      imageUrl: found.imageUrl,
    };
    save.mutate(
      { body: request, idempotencyKey: attempt.keyFor(request) },
      {
        // The card stays found, but its version and numbers start over: a second click cannot add the same stock twice.
        onSuccess: (result) => {
          attempt.done();
          setUploadStatus(result.setInShop ? upload.saved : `${upload.saved} ${upload.setNotInShop(result.setId)}`);
          setQueued(result.queuedAt ? { cardId: result.cardId, since: result.queuedAt } : null);
          setVersion('');
          setNumbers(defaults);
          filled.current = pricesOf(null);
        },
        onError: (error) => setUploadStatus(uploadFailure(refusalOf(error)), true),
      },
    );
  };

  const number = (name: 'quantity' | 'unitCost' | 'salePrice' | 'offerPrice', label: string, decimal: boolean, hint?: string) => {
    const field = (
      <label>
        {label}
        <input
          inputMode={decimal ? 'decimal' : 'numeric'}
          value={numbers[name]}
          onChange={(event) => setNumbers({ ...numbers, [name]: event.target.value })}
          aria-describedby={hint ? `${formId}-${name}-hint` : undefined}
        />
      </label>
    );
    if (!hint) return field;
    return (
      <div className="ca-field">
        {field}
        <small id={`${formId}-${name}-hint`} className="ca-hint">
          {hint}
        </small>
      </div>
    );
  };

  return (
    <form className="ca-form" onSubmit={submit} noValidate>
      <div className="ca-grid">
        {/* Enter searches (spec §2); the button says so and is there to tap (phone QA: nothing on screen said how). */}
        <div className="ca-field">
          <label htmlFor={`${formId}-english`}>Nombre en inglés</label>
          <div className="ca-search">
            <input
              id={`${formId}-english`}
              value={englishName}
              onChange={(event) => onNameChange(event.target.value)}
              onKeyDown={onNameKey}
              enterKeyHint="search"
            />
            <Button type="button" variant="secondary" onClick={search}>
              Buscar carta
            </Button>
          </div>
        </div>
        <div className="ca-field">
          <label>
            Nombre en español (opcional)
            <input
              value={spanishName}
              onChange={(event) => setSpanishName(event.target.value)}
              disabled={!found}
              aria-describedby={untranslated ? `${formId}-spanish-hint` : undefined}
            />
          </label>
          {untranslated && (
            <small id={`${formId}-spanish-hint`} className="ca-hint">
              {NO_TRANSLATION_HINT}
            </small>
          )}
        </div>
      </div>
      <p className={statusClass('search')} role="status">
        {status.of === 'search' && status.text}
      </p>
      <div className="ca-grid">
        <label>
          Versión
          <select value={version} onChange={(event) => choose(event.target.value)} disabled={!found}>
            <option value="">Selecciona una versión</option>
            {found?.versions.map((option, index) => (
              <option key={`${option.setCode}-${option.rarity}`} value={index}>
                {option.setCode} · {option.set} · {option.rarity}
              </option>
            ))}
          </select>
        </label>
        <label>
          Código del set
          <input value={setCode} readOnly />
        </label>
        <label>
          Set
          <input value={chosen?.set ?? ''} readOnly />
        </label>
        <label>
          Rareza
          <input value={chosen?.rarity ?? ''} readOnly />
        </label>
        <label>
          Edición
          <select value={edition} onChange={(event) => setEdition(event.target.value as Edition)}>
            <option value="1st Edition">1st Edition</option>
            <option value="Unlimited">Unlimited</option>
          </select>
        </label>
        <label>
          Idioma
          <select value={numbers.language} onChange={(event) => setNumbers({ ...numbers, language: event.target.value as CardLanguage })}>
            <option value="en">Inglés</option>
            <option value="es">Español</option>
          </select>
        </label>
        {listedCard && (
          <p className="ca-hint ca-form__note" role="status">
            {listedNote(listedCard)}
          </p>
        )}
        {number('quantity', 'Cantidad', false, QUANTITY_HINT)}
        {number('unitCost', 'Costo unitario (S/)', true)}
        {number('salePrice', 'Precio de venta (S/)', true)}
        {number('offerPrice', 'Precio de oferta (S/)', true)}
      </div>
      <div className="ca-actions ca-actions--submit">
        <Button type="submit" disabled={!chosen || save.isPending}>
          Subir carta
        </Button>
      </div>
      <p className={statusClass('upload')} role="status">
        {status.of === 'upload' && status.text}
        {status.of === 'upload' && picturesFailed && ` ${picturesFailed}`}
      </p>
    </form>
  );
}
