import { messages, searchSorts, type FacetValue, type SearchResponse, type SearchSort } from '@tcg/domain';
import { useId } from 'react';
import {
  activeFilterCount,
  DEFAULT_SORT,
  sortLabels,
  toggle,
  type CatalogFilters,
} from '../filters/catalog-filters.state';
import './catalog-filters.css';

type FilterPatch = Partial<Omit<CatalogFilters, 'page'>>;

interface CatalogFiltersPanelProps {
  filters: CatalogFilters;
  facets: SearchResponse['facets'] | undefined;
  onChange: (patch: FilterPatch) => void;
  /** Omitted in the mobile sheet, whose footer carries its own 'Limpiar todo'. */
  onClearAll?: () => void;
}

/** A checked value the current results no longer contain still shows (count 0), so it can be unticked. */
function withSelected(values: FacetValue[], selected: string[]): FacetValue[] {
  const missing = selected.filter((value) => !values.some((facet) => facet.value === value));
  return [...values, ...missing.map((value) => ({ value, count: 0 }))];
}

interface FacetGroupProps {
  title: string;
  values: FacetValue[];
  selected: string[];
  label: (value: string) => string;
  clearLabel: string;
  onChange: (selected: string[]) => void;
}

function FacetGroup({ title, values, selected, label, clearLabel, onChange }: FacetGroupProps) {
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">{title}</legend>
      {values.length === 0 && <p className="filters__none">Sin opciones</p>}
      {values.map((facet) => (
        <label key={facet.value} className="filters__option">
          <input
            type="checkbox"
            checked={selected.includes(facet.value)}
            onChange={() => onChange(toggle(selected, facet.value))}
          />
          <span className="filters__option-label">{label(facet.value)}</span>
          <span className="filters__count">({facet.count})</span>
        </label>
      ))}
      {selected.length > 0 && (
        <button type="button" className="filters__clear" onClick={() => onChange([])}>
          {clearLabel}
        </button>
      )}
    </fieldset>
  );
}

/** Spec §2 Filters: availability, language and rarity facets, the four sorts, and the clear actions. */
export function CatalogFiltersPanel({ filters, facets, onChange, onClearAll }: CatalogFiltersPanelProps) {
  const sortId = useId();
  const count = activeFilterCount(filters);
  const canClear = count > 0 || filters.sort !== DEFAULT_SORT;
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
        values={withSelected(facets?.language ?? [], filters.languages)}
        selected={filters.languages}
        label={(value) => value.toUpperCase()}
        clearLabel="Limpiar idioma"
        onChange={(languages) => onChange({ languages })}
      />
      <FacetGroup
        title="Rareza"
        values={withSelected(facets?.rarity ?? [], filters.rarities)}
        selected={filters.rarities}
        label={(value) => value}
        clearLabel="Limpiar rareza"
        onChange={(rarities) => onChange({ rarities })}
      />
      {onClearAll && (
        <button type="button" className="filters__clear-all" disabled={!canClear} onClick={onClearAll}>
          Limpiar todo ({count})
        </button>
      )}
    </div>
  );
}
