/**
 * Every endpoint of the API, by feature (issue 17). The server refuses to start with a route that
 * serves no contract here, and the permission, fuzz and reference tests walk this list.
 */
import type { EndpointDefinition } from './contract/endpoint';
import { healthEndpoints } from './health/contract';

export const API = {
  health: healthEndpoints,
} as const;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(API).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);
