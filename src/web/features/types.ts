import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AccessKey } from './access';

/** A react-admin resource of a feature: its name, which is also its key in the role table, and its views. */
type FeatureResource = { name: AccessKey } & Omit<ResourceProps, 'name'>;

/**
 * A page of a feature outside react-admin's resources: its path (as the server's menu and route check
 * write it), its key in the role table, and the screen it shows or the path it sends to.
 */
type FeatureRoute = { path: string; access: AccessKey } & (
  { screen: ComponentType; redirect?: never } | { redirect: string; screen?: never }
);

/** What a feature folder's index.ts gives the app (AdminApp.tsx maps the FEATURES list of index.ts). */
export type Feature = { resources?: readonly FeatureResource[]; routes?: readonly FeatureRoute[] };
