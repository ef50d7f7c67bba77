/**
 * Every endpoint of the API, by feature (issue 17). The server refuses to start with a route that
 * serves no contract here, and the permission, fuzz and reference tests walk this list.
 */
import type { EndpointDefinition } from './contract/endpoint';
import { availabilityEndpoints } from './availability/contract';
import { calendarEndpoints } from './calendar/contract';
import { healthEndpoints } from './health/contract';
import { lessonEndpoints } from './lessons/contract';
import { ratingEndpoints } from './ratings/contract';
import { tutorEndpoints } from './tutors/contract';

export const API = {
  health: healthEndpoints,
  tutors: tutorEndpoints,
  availability: availabilityEndpoints,
  lessons: lessonEndpoints,
  ratings: ratingEndpoints,
  calendar: calendarEndpoints,
} as const;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(API).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);
