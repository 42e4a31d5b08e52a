import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from './router';

function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

function declaredPaths(node: object): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'path' && typeof value === 'string' ? [value] : typeof value === 'object' && value ? declaredPaths(value) : [],
  );
}

describe('the router', () => {
  it('takes every route path from paths.ts, and routes every path there', () => {
    const routed = routePaths(routes).filter((path) => path !== '*');
    expect(routed.length).toBeGreaterThan(10);
    expect(new Set(routed)).toEqual(new Set(declaredPaths(paths)));
  });
});
