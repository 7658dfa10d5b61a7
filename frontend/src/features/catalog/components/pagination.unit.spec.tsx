import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pageWindow, Pagination, SimplePagination } from './pagination';

const hrefFor = (page: number) => `?q=x&page=${page}`;

function renderPager(element: React.ReactElement) {
  return render(<MemoryRouter>{element}</MemoryRouter>);
}

describe('pageWindow', () => {
  it.each([
    [1, 10, [1, 2, 3]],
    [2, 10, [1, 2, 3, 4]],
    [5, 10, [3, 4, 5, 6, 7]],
    [10, 10, [8, 9, 10]],
    [2, 3, [1, 2, 3]],
  ])('shows 2 pages either side of page %i of %i', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});

describe('numbered pagination', () => {
  it('is hidden when there is a single page, or none', () => {
    const { container } = renderPager(<Pagination page={1} totalPages={1} hrefFor={hrefFor} />);
    expect(container).toBeEmptyDOMElement();
    renderPager(<Pagination page={1} totalPages={0} hrefFor={hrefFor} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('numbers a window of padding 2 around the current page, with first, previous, next and last', () => {
    renderPager(<Pagination page={5} totalPages={10} hrefFor={hrefFor} />);
    const nav = within(screen.getByRole('navigation', { name: 'Paginación' }));
    expect(nav.getAllByText(/^\d+$/).map((item) => item.textContent)).toEqual(['3', '4', '5', '6', '7']);
    expect(nav.getByText('5')).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Página 7' })).toHaveAttribute('href', '/?q=x&page=7');
    expect(nav.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/?q=x&page=4');
    expect(nav.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('href', '/?q=x&page=6');
    expect(nav.getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/?q=x&page=1');
    expect(nav.getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/?q=x&page=10');
  });

  it('marks the first and last links as the ones small screens hide', () => {
    renderPager(<Pagination page={5} totalPages={10} hrefFor={hrefFor} />);
    expect(screen.getByRole('link', { name: 'Primera página' })).toHaveClass('pagination__edge');
    expect(screen.getByRole('link', { name: 'Última página' })).toHaveClass('pagination__edge');
    expect(screen.getByRole('link', { name: 'Página siguiente' })).not.toHaveClass('pagination__edge');
  });

  it('leaves out first and previous on page 1, next and last on the last page', () => {
    const { unmount } = renderPager(<Pagination page={1} totalPages={4} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Primera página' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Página anterior' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Última página' })).toBeInTheDocument();
    unmount();
    renderPager(<Pagination page={4} totalPages={4} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Última página' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Página siguiente' })).not.toBeInTheDocument();
    expect(screen.getAllByText(/^\d+$/).map((item) => item.textContent)).toEqual(['2', '3', '4']);
  });
});

describe('simple pagination', () => {
  it('is hidden for a single page', () => {
    const { container } = renderPager(<SimplePagination page={1} totalPages={1} hrefFor={hrefFor} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links only the previous and next pages that exist', () => {
    renderPager(<SimplePagination page={1} totalPages={3} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: /Anterior/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Siguiente/ })).toHaveAttribute('href', '/?q=x&page=2');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });
});
