import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This API instance's id, unique per process start (two instances on one host, or two apps a test
 * builds in one process, never share it): its ServerStats samples and its kept log lines carry it.
 */
export const newInstanceId = (): string =>
  `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
