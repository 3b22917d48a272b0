import { createElement, lazy, type ComponentType } from 'react';

type View = 'list' | 'edit' | 'create' | 'show';
type ResourceModule = { default: Partial<Record<View, ComponentType>> };

/**
 * A react-admin resource whose screens load on first visit, so the login screen does not pay for
 * every form and list. Name the views the resource has: react-admin registers routes (and edit/show
 * buttons) from the props it is given, before anything is loaded.
 */
export function lazyResource(load: () => Promise<ResourceModule>, views: readonly View[]): Partial<Record<View, ComponentType>> {
  const out: Partial<Record<View, ComponentType>> = {};
  for (const view of views) {
    out[view] = lazy(async () => {
      const component = (await load()).default[view];
      if (!component) throw new Error(`resource module has no ${view} view`);
      // A view may itself be lazy (a form with a heavy editor); React.lazy cannot resolve to another lazy.
      return { default: (props: object) => createElement(component, props) };
    });
  }
  return out;
}
