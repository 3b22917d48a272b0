/**
 * Prints the rows of the `country_names` table (a name's key → its ISO alpha-2 code) as SQL VALUES,
 * from the same table the server maps typed countries with (src/server/services/countries.ts). A
 * migration that extends the lookup pastes the output:
 *
 *   npx tsx scripts/country-names-sql.ts > /tmp/values.sql
 *
 * tests/unit/countries.test.ts checks that every row of migration 0032 still maps the same way.
 */
import { countryNameTable } from '../src/server/services/countries';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const rows = [...countryNameTable()].map(([key, code]) => `(${quote(key)}, ${quote(code)})`);
const lines: string[] = [];
for (let i = 0; i < rows.length; i += 6) lines.push(`  ${rows.slice(i, i + 6).join(', ')}`);
process.stdout.write(`${lines.join(',\n')}\n`);
