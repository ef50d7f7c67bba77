/**
 * Public figures for the marketing home ("N tutors, N lessons"): our extension, open to anyone
 * and cached for a minute by the server (docs/decisions/307-look.md).
 */
import { z } from 'zod';
import { anyone } from '../access';
import { endpoint } from '../contract/endpoint';

const countField = z.number().int().nonnegative();

export const publicStatsSchema = z.object({
  /** Tutors in the public list now (the listing rule of `isTutorListed`). */
  tutors: countField,
  /** Lessons that took place (status fulfilled), ever. */
  lessons: countField,
});
export type PublicStats = z.output<typeof publicStatsSchema>;

export const statsEndpoints = {
  public: endpoint({
    method: 'GET',
    path: '/stats/public',
    summary: 'Listed tutors and lessons given, for the marketing home (anyone; extension)',
    access: anyone,
    responses: { 200: publicStatsSchema },
  }),
};
