import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promtool } from '../setup/promtool';

/** The Prometheus files docs/operations.md shows (deploy/prometheus/), as Prometheus' own checker reads them. */
const DIR = path.resolve('deploy/prometheus');

describe('deploy/prometheus', () => {
  it('holds valid alert rules that fire on what they watch (promtool check rules, promtool test rules)', () => {
    const check = promtool(['check', 'rules', path.join(DIR, 'alerts.yml')]);
    expect(check.output).toContain('SUCCESS: 3 rules found');
    expect(check.status).toBe(0);
    const test = promtool(['test', 'rules', path.join(DIR, 'alerts.test.yml')]);
    expect(test.output).toContain('SUCCESS');
    expect(test.status, test.output).toBe(0);
  });

  it('holds a valid scrape configuration (promtool check config)', () => {
    // Syntax only: the token file it names exists on the Prometheus server, not here.
    const check = promtool(['check', 'config', '--syntax-only', path.join(DIR, 'prometheus.yml')]);
    expect(check.status, check.output).toBe(0);
  });
});
