/**
 * App-only extras around the enumerations the account screens offer. Their Arabic names (roles,
 * genders, governorates, English levels, notification methods) are shared with the dashboard and
 * live in @talaqa/ui.
 */
import { GENDERS, GOVERNORATES, Governorate } from '@talaqa/domain';

/**
 * The governorates a form offers: the spec's order, without the duplicate ids 28 (Minufiya, a
 * second Monufia) and 30 (Giza city, a second Giza). Both keep a name in GOVERNORATE_NAMES_AR so
 * stored values still display.
 */
export const GOVERNORATE_CHOICES: readonly Governorate[] = GOVERNORATES.filter(
  (id) => id !== Governorate.Minufiya && id !== Governorate.GizaCity,
);

export const GENDER_CHOICES = GENDERS;
