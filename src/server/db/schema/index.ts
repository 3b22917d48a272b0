// The whole database schema, one file per area. drizzle-kit reads this entry point.
export * from './core';
export * from './crm';
export * from './payments';
export * from './staff';
export * from './flows';
export * from './imports';
export * from './broadcasts';
