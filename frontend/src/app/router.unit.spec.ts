import { STOREFRONT_PAGES } from '@tcg/domain';
import type { RouteObject } from 'react-router-dom';
import { routes } from './router';

const pathsOf = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.index ? [''] : route.path !== undefined ? [route.path] : []), ...pathsOf(route.children ?? [])]);

it('has the pages the server knows (STOREFRONT_PAGES), which answers any other path 404', () => {
  expect(pathsOf(routes).filter((path) => path !== '*').sort()).toEqual([...STOREFRONT_PAGES].sort());
});
