import type { QueryBus } from '@nestjs/cqrs';
import { type CardDetail, formatDatePe, formatSoles, messages, type SetDetail, storefrontPaths } from '@tcg/domain';
import { GetCardQuery } from '../catalog/queries/get-card.query';
import { GetSetQuery } from '../catalog/queries/get-set.query';

const SHOP_NAME = 'TCG Lima';

/** What a chat app or a search engine shows for a shared link: it reads the HTML and runs no script. */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute; none for a card or set without a picture. */
  image: string | null;
  /** The page's one address (absolute): the set's code upper case, the card's id encoded as the shop links it. */
  url: string;
  /** schema.org data for search results (a card's name, price and availability). */
  structuredData?: Record<string, unknown>;
}

/** A page's preview, `'missing'` for a card or set the shop does not have, or null for any other page. */
export type PreviewOf = (path: string) => Promise<PagePreview | 'missing' | null>;

const PRODUCT = /^\/product\/([^/]+)\/?$/;
const SET = /^\/categoria\/yugioh\/([^/]+)\/?$/i;

function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function cardPreview(card: CardDetail, publicUrl: string): PagePreview {
  const url = publicUrl + storefrontPaths.product(card.id);
  const price = card.lastOfferPrice ?? card.lastSalePrice;
  const stock = card.stockFinal > 0 ? messages.catalog.inStock(card.stockFinal) : messages.catalog.soldOut;
  const facts = [price === null ? null : formatSoles(price), stock, card.setCode, card.rarity, card.setName];
  const image = absolute(card.imageUrl ?? card.imageSmallUrl, publicUrl);
  const offer = price !== null && {
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'PEN',
      price: (price / 100).toFixed(2),
      availability: `https://schema.org/${card.stockFinal > 0 ? 'InStock' : 'OutOfStock'}`,
    },
  };
  return {
    title: `${card.name} | ${SHOP_NAME}`,
    description: facts.filter((fact) => fact !== null && fact !== '').join(' · '),
    image,
    url,
    structuredData: { '@context': 'https://schema.org', '@type': 'Product', name: card.name, sku: card.setCode, ...(image && { image }), ...offer },
  };
}

function setPreview(set: SetDetail, publicUrl: string): PagePreview {
  return {
    title: `${set.name} | ${SHOP_NAME}`,
    description: `Cartas sueltas de ${set.name} en Lima, Perú. ${messages.catalog.releasedOn(formatDatePe(set.releaseDate))}`,
    image: absolute(set.imageUrl, publicUrl),
    url: publicUrl + storefrontPaths.set(set.id),
  };
}

function absolute(href: string | null, publicUrl: string): string | null {
  if (!href) return null;
  try {
    return new URL(href, publicUrl).toString();
  } catch {
    return null;
  }
}

/** Card and set pages get their own title, description and picture; every other page the shop's. */
export function linkPreviews(queries: QueryBus, publicUrl: string): PreviewOf {
  return async (path) => {
    const product = PRODUCT.exec(path);
    if (product) {
      const id = segment(product[1]);
      const card = id === null ? null : await queries.execute<GetCardQuery, CardDetail | null>(new GetCardQuery(id));
      return card ? cardPreview(card, publicUrl) : 'missing';
    }
    // Set codes are stored upper case; `/categoria/yugioh/lob` is LOB's page (SetCodePipe).
    const set = SET.exec(path);
    if (set) {
      const id = segment(set[1]);
      const found = id === null ? null : await queries.execute<GetSetQuery, SetDetail | null>(new GetSetQuery(id.toUpperCase()));
      return found ? setPreview(found, publicUrl) : 'missing';
    }
    return null;
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (mark) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[mark]!);

/** index.html with the page's title, description and Open Graph tags in place of the shop's. */
export function withPreview(indexHtml: string, preview: PagePreview): string {
  const tags = [
    `<title data-preview>${escapeHtml(preview.title)}</title>`,
    `<meta data-preview name="description" content="${escapeHtml(preview.description)}" />`,
    `<meta data-preview property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta data-preview property="og:type" content="website" />`,
    `<meta data-preview property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta data-preview property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta data-preview property="og:url" content="${escapeHtml(preview.url)}" />`,
    `<link data-preview rel="canonical" href="${escapeHtml(preview.url)}" />`,
    ...(preview.image ? [`<meta data-preview property="og:image" content="${escapeHtml(preview.image)}" />`] : []),
    `<meta data-preview name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" />`,
    // JSON in a script element ends at the first "</": every "<" is written as its escape.
    ...(preview.structuredData ? [`<script data-preview type="application/ld+json">${JSON.stringify(preview.structuredData).replace(/</g, '\\u003c')}</script>`] : []),
  ].join('\n    ');
  // The shop's own description and Open Graph tags (the home page's) give way to the page's.
  return indexHtml
    .replace(/<meta (?:name="description"|property="og:[^"]*")[^>]*>\s*/g, '')
    // A function, so a '$&' or "$'" in a name is text, not a replacement pattern (security review: "$'" put the title twice).
    .replace(/<title>[^<]*<\/title>/, () => tags);
}
