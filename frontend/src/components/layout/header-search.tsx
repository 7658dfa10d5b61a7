import { messages, SEARCH_QUERY_MAX } from '@tcg/domain';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { focusPageContent } from './page-content';

/**
 * Cleared on every route change, without being mounted again: a search from the results page keeps its
 * elements, and the focus goes to the new results (main), as on any new page, instead of to <body>.
 */
export function HeaderSearch() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => setQuery(''), [key]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    void navigate(paths.search(trimmed));
    focusPageContent();
  };

  return (
    <form className="header-search" role="search" onSubmit={onSubmit}>
      <input
        type="search"
        name="q"
        className="header-search__input"
        placeholder={messages.catalog.searchPlaceholder}
        aria-label={messages.catalog.searchPlaceholder}
        value={query}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setQuery(event.target.value)}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="header-search__button" aria-label="Buscar">
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
          />
        </svg>
      </button>
    </form>
  );
}
