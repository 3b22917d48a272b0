/**
 * The two widths every E2E journey is walked at: a phone and a laptop. Here, next to the E2E groups,
 * so that playwright.config.ts (its phone project) and the specs (tests/e2e/support/session.ts) take the
 * same phone: the tests' type-check project reads this one, not the other way round.
 */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
