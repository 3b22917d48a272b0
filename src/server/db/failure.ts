/** How a start or an operator's command names a database it cannot use (docs/operations.md, Exit codes). */

/** A database URL as it may be shown: user, host, port and database, never the password. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    const socket = u.searchParams.get('host');
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${socket ?? u.host}${u.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

/** One line saying why the database refused or could not be reached, and what to do. */
export function databaseFailure(err: unknown, url: string, setting: string): string {
  const code = (err as { code?: string }).code;
  const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
  const hint =
    code === '28P01' || code === '28000'
      ? 'the user or password is wrong'
      : code === '3D000'
        ? 'that database does not exist: create it (createdb) or name another'
        : code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH'
          ? 'is PostgreSQL running there, on that host and port?'
          : 'check that PostgreSQL runs and the URL is right';
  return `${setting}: cannot use the database ${shownUrl(url)}: ${why} (${hint}).`;
}
