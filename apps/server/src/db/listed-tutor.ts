import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { isTutorListed, Role } from '@talaqa/domain';

/**
 * Which tutors are listed: shown in the public list, bookable, with a public profile. The rule is
 * the domain's `isTutorListed` for a user of role tutor; this file is the one place the server
 * states it (in db/, below the modules, because the schema's partial indexes need it too), once for rows in memory and once as SQL over typed columns. The SQL serves the
 * list's queries, the partial indexes that those queries walk (db/schema: an index is used only
 * when the query's condition implies the index's, so both come from here) and the triggers that
 * keep the totals (listing.sql, where `{{listed_tutor}}` is this condition).
 */

/** The columns of tutor_profiles the rule reads (the table, or its columns in an index). */
interface ListedProfileColumns {
  activated: AnyColumn;
  onboardedAt: AnyColumn;
  bypassOnboarding: AnyColumn;
}

/** The profile's half of the rule: activated, and onboarded or let through by an admin. */
export const listedProfile = (profile: ListedProfileColumns): SQL =>
  sql`${profile.activated} and (${profile.onboardedAt} is not null or ${profile.bypassOnboarding})`;

/**
 * A listed tutor, over users joined with tutor_profiles. The role is a literal, not a parameter,
 * so that a prepared statement's generic plan can still use the indexes made for tutors only.
 */
export const listedTutor = (user: { role: AnyColumn }, profile: ListedProfileColumns): SQL =>
  sql`${user.role} = ${sql.raw(String(Role.Tutor))} and ${listedProfile(profile)}`;

/** A user row with its (maybe defaulted) profile fields, as tutors/repo.ts reads it. */
interface ListedRuleRow {
  role: number;
  activated: boolean;
  onboardedAt: Date | null;
  bypassOnboarding: boolean;
}

/** The same rule for a row already read. */
export const isListedRow = (row: ListedRuleRow): boolean =>
  row.role === Role.Tutor &&
  isTutorListed({
    activated: row.activated,
    onboarded: row.onboardedAt !== null,
    bypassOnboarding: row.bypassOnboarding,
  });
