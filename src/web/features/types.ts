import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AccessKey } from './access';
import type { EarlyReads } from '../providers/data/earlyReads';

/**
 * A react-admin resource of a feature: its name, which is also its key in the role table, its views, and
 * the reads its list makes as it first renders (asked ahead of it on a cold start, earlyReads.ts).
 */
type FeatureResource = { name: AccessKey; listReads?: EarlyReads } & Omit<ResourceProps, 'name'>;

/**
 * A page of a feature outside react-admin's resources: its path (as the server's menu and route check
 * write it), its key in the role table, the screen it shows or the path it sends to, and the reads the
 * screen makes as it first renders (asked ahead of it on a cold start, earlyReads.ts).
 */
type FeatureRoute = { path: string; access: AccessKey; reads?: EarlyReads } & (
  { screen: ComponentType; redirect?: never } | { redirect: string; screen?: never }
);

/**
 * An address of the app as react-router matches it: the key the role table grants it (a route's access, a
 * resource's name), the view it shows (none for a route that sends elsewhere) and the reads it makes first.
 */
export type FeaturePage = {
  path: string;
  key: AccessKey;
  view: ComponentType | ReactElement | undefined;
  reads?: EarlyReads;
};

/** What a feature folder's index.ts gives the app (AdminApp.tsx maps the FEATURES list of index.ts). */
export type Feature = { resources?: readonly FeatureResource[]; routes?: readonly FeatureRoute[] };
