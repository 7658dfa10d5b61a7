import { messages, searchText, type CardSummary } from '@tcg/domain';
import { useSearchParams } from 'react-router-dom';
import { searchCardsQueryOptions, useSearchCards } from '../api/search-cards';
import { emptyFilters } from '../filters/catalog-filters.state';
import { useCatalogUrlState } from '../filters/use-catalog-url-state';
import { CatalogBrowser } from './catalog-browser';

/** Spec §2 Search screen: the results for `?q=`, filterable, in numbered pages. */
export function SearchView({ onAddToCart }: { onAddToCart: (card: CardSummary) => void }) {
  const [params] = useSearchParams();
  const query = searchText(params.get('q') ?? '');
  const urlState = useCatalogUrlState();
  const results = useSearchCards(query, urlState.filters);
  const heading = messages.catalog.resultsFor(query);

  return (
    <>
      <header className="catalog-heading">
        <title>{heading}</title>
        <h1>{heading}</h1>
      </header>
      <CatalogBrowser
        results={results}
        queryFor={(filters) => searchCardsQueryOptions(query, filters)}
        optionsQuery={searchCardsQueryOptions('', emptyFilters)}
        urlState={urlState}
        emptyText={messages.catalog.noResults}
        pagination="numbered"
        onAddToCart={onAddToCart}
      />
    </>
  );
}
