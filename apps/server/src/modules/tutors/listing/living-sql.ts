import { join } from 'node:path';
import type { LivingSql } from '../../../db/living-sql';
import { tutorProfiles, users } from '../../../db/schema';
import { SERVER_ROOT } from '../../../paths';
import { listedTutor } from '../../../db/listed-tutor';

/** listing.sql, read from the sources at start (the bundle in dist/ does not carry it). */
export const tutorListingSql: LivingSql = {
  file: join(SERVER_ROOT, 'src/modules/tutors/listing/listing.sql'),
  substitutions: { listed_tutor: listedTutor(users, tutorProfiles) },
};
