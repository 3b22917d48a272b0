import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { REQUEST_FIELDS } from './http/request-log';

/**
 * Where the server's log goes: at a terminal, coloured lines readable by a person (pino-pretty, each
 * entry on one line, its extra fields after the message, a request's own fields left to its message);
 * otherwise (a service manager, a file, a pipe) pino's JSON lines on stdout, for a log collector.
 */
export function logDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  return pretty({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
  });
}
