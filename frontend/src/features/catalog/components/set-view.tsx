import { messages, type CardSummary } from '@tcg/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { getSetCardsQueryOptions, useSetCards } from '../api/get-set-cards';
import { useSet } from '../api/get-set';
import { activeFilterCount, emptyFilters } from '../filters/catalog-filters.state';
import { useCatalogUrlState } from '../filters/use-catalog-url-state';
import { CatalogBrowser } from './catalog-browser';
import { CatalogNotFound } from './catalog-not-found';

interface SetViewProps {
  setId: string;
  onAddToCart: (card: CardSummary) => void;
}

/** Spec §2 Set screen: title, release date, filters, the set's cards 12 per page. */
export function SetView({ setId, onAddToCart }: SetViewProps) {
  const set = useSet(setId);
  const urlState = useCatalogUrlState();
  // Fetched alongside the set, not after it; a set that turned out missing needs no cards.
  const cards = useSetCards(setId, urlState.filters, !set.isError);

  if (set.error) {
    const missing = set.error instanceof ApiError && set.error.status === 404;
    if (missing) return <CatalogNotFound message={messages.catalog.setNotFound} />;
    return (
      <>
        <title>Set</title>
        <ErrorState error={set.error} onRetry={() => void set.refetch()} />
      </>
    );
  }

  return (
    <>
      {set.data ? (
        <header className="catalog-heading">
          <title>{set.data.name}</title>
          <h1>{set.data.name}</h1>
          <p className="catalog-heading__lead">
            {messages.catalog.releasedOn(formatDate(set.data.releaseDate))}
          </p>
        </header>
      ) : (
        <header className="catalog-heading" aria-busy="true">
          {/* The heights of the heading's lines (1.6rem at 1.2, then a 1.5-line lead): the grid does not move when they come. */}
          <Skeleton width="min(28rem, 80%)" height="calc(1.6rem * 1.2)" />
          <Skeleton width="12rem" className="catalog-heading__lead" />
        </header>
      )}
      <CatalogBrowser
        results={cards}
        queryFor={(filters) => getSetCardsQueryOptions(setId, filters)}
        optionsQuery={getSetCardsQueryOptions(setId, emptyFilters)}
        urlState={urlState}
        // The spec's text is for filters that remove every card; a set with no cards yet has none to remove.
        emptyText={activeFilterCount(urlState.filters) > 0 ? messages.catalog.noCardsForFilters : messages.catalog.noResults}
        pagination="simple"
        onAddToCart={onAddToCart}
      />
    </>
  );
}
