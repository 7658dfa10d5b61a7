import { messages, searchSorts, type FacetValue, type SearchResponse, type SearchSort } from '@tcg/domain';
import { useId, useRef } from 'react';
import {
  activeFilterCount,
  DEFAULT_SORT,
  sameValue,
  sortLabels,
  toggle,
  type CatalogFilters,
} from '../filters/catalog-filters.state';
import './catalog-filters.css';

type FilterPatch = Partial<Omit<CatalogFilters, 'page'>>;

type Facets = SearchResponse['facets'];

interface CatalogFiltersPanelProps {
  filters: CatalogFilters;
  /** The counts of the results shown (or, in the sheet, of the results its ticks would show). */
  facets: Facets | undefined;
  /** Every value the list can have: the catalogue's for a search, the set's for a set (spec §7). */
  options: Facets | undefined;
  onChange: (patch: FilterPatch) => void;
  /** Omitted in the mobile sheet, whose footer carries its own 'Limpiar todo'. */
  onClearAll?: () => void;
}

/** A value to tick, with its count in the results once they are known. */
interface FacetOption {
  value: string;
  count: number | null;
}

/**
 * Spec §7: the options are every value the list can have (an initial request with no query and no
 * filters lists them), each with its count in the current results, 0 when they have none; a checked
 * value always shows, so it can be unticked. Sorted by value.
 */
export function facetOptions(options: FacetValue[] | undefined, counted: FacetValue[] | undefined, selected: string[]): FacetOption[] {
  const counts = new Map(counted?.map((facet) => [facet.value, facet.count]));
  const known = [...(options ?? []).map((facet) => facet.value), ...counts.keys()];
  // A value ticked in another case (a hand-typed URL) is shown as the catalogue spells it, once.
  const spelt = selected.map((value) => known.find((option) => sameValue(option, value)) ?? value);
  const values = new Set([...known, ...spelt]);
  return [...values].sort().map((value) => ({ value, count: counted ? (counts.get(value) ?? 0) : null }));
}

interface FacetGroupProps {
  title: string;
  values: FacetOption[];
  selected: string[];
  label: (value: string) => string;
  clearLabel: string;
  onChange: (selected: string[]) => void;
}

function FacetGroup({ title, values, selected, label, clearLabel, onChange }: FacetGroupProps) {
  const group = useRef<HTMLFieldSetElement>(null);
  // The clear button goes once nothing is ticked: the focus moves to the first value it unticks, which
  // had results and so stays enabled, instead of falling to <body>.
  const clear = () => {
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    onChange([]);
  };
  return (
    <fieldset className="filters__group" ref={group}>
      <legend className="filters__legend">{title}</legend>
      {values.length === 0 && <p className="filters__none">Sin opciones</p>}
      {values.map((facet) => {
        const checked = selected.some((value) => sameValue(value, facet.value));
        // Ticking a value no result has would only empty the list.
        const disabled = facet.count === 0 && !checked;
        return (
          <label key={facet.value} className={`filters__option${disabled ? ' filters__option--none' : ''}`}>
            <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onChange(toggle(selected, facet.value))} />
            <span className="filters__option-label">{label(facet.value)}</span>
            {facet.count !== null && <span className="filters__count">({facet.count})</span>}
          </label>
        );
      })}
      {selected.length > 0 && (
        <button type="button" className="filters__clear" onClick={clear}>
          {clearLabel}
        </button>
      )}
    </fieldset>
  );
}

/** Spec §2 Filters: availability, language and rarity facets, the four sorts, and the clear actions. */
export function CatalogFiltersPanel({ filters, facets, options, onChange, onClearAll }: CatalogFiltersPanelProps) {
  const sortId = useId();
  const count = activeFilterCount(filters);
  const canClear = count > 0 || filters.sort !== DEFAULT_SORT;
  const clearAll = () => {
    if (canClear) onClearAll?.();
  };
  return (
    <div className="filters">
      <div className="filters__group">
        <label className="filters__legend" htmlFor={sortId}>
          Ordenar por
        </label>
        <select
          id={sortId}
          className="filters__select"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as SearchSort })}
        >
          {searchSorts.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="filters__group">
        <legend className="filters__legend">Disponibilidad</legend>
        <label className="filters__option">
          <input
            type="checkbox"
            checked={filters.inStockOnly}
            onChange={(event) => onChange({ inStockOnly: event.target.checked })}
          />
          <span className="filters__option-label">{messages.catalog.onlyAvailable}</span>
        </label>
      </fieldset>
      <FacetGroup
        title="Idioma"
        values={facetOptions(options?.language, facets?.language, filters.languages)}
        selected={filters.languages}
        label={(value) => value.toUpperCase()}
        clearLabel="Limpiar idioma"
        onChange={(languages) => onChange({ languages })}
      />
      <FacetGroup
        title="Rareza"
        values={facetOptions(options?.rarity, facets?.rarity, filters.rarities)}
        selected={filters.rarities}
        label={(value) => value}
        clearLabel="Limpiar rareza"
        onChange={(rarities) => onChange({ rarities })}
      />
      {/* aria-disabled, not disabled: the button that just cleared everything keeps the focus. */}
      {onClearAll && (
        <button type="button" className="filters__clear-all" aria-disabled={!canClear} onClick={clearAll}>
          Limpiar todo ({count})
        </button>
      )}
    </div>
  );
}
