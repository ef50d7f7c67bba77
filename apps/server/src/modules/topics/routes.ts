import { asc, eq, inArray, and } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import type { Topic } from '@talaqa/domain';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { topics, userTopics } from '../../db/schema';
import type { TopicRow } from '../../db/schema';
import { identityOf } from '../../http/access';

const toTopic = ({ id, nameAr, nameEn }: TopicRow): Topic => ({ id, nameAr, nameEn });

/** Two topics may not share a name (in either language). */
function topicExists(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AppError('illegal', 'A topic with this name exists', {
      fields: [{ path: 'nameAr', code: 'invalid-type' }],
    });
  }
  throw error;
}

async function topicsOfUser(db: Database, userId: number): Promise<Topic[]> {
  const rows = await db
    .select({ id: topics.id, nameAr: topics.nameAr, nameEn: topics.nameEn })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(topics.nameAr));
  return rows;
}

/** Refuses ids that name no topic, so a favourite list never points at nothing. */
async function assertTopicsExist(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: topics.id }).from(topics).where(inArray(topics.id, ids));
  if (found.length !== new Set(ids).size) throw new AppError('topic-not-found');
}

export const topicRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  serve(app, API.topics.list, async () =>
    (await db.select().from(topics).orderBy(asc(topics.nameAr))).map(toTopic),
  );

  serve(app, API.topics.create, async (request) => {
    const [row] = await db.insert(topics).values(request.body).returning().catch(topicExists);
    if (!row) throw new Error('insert returned no row');
    return toTopic(row);
  });

  serve(app, API.topics.update, async (request) => {
    const [row] = await db
      .update(topics)
      .set(request.body)
      .where(eq(topics.id, request.params.id))
      .returning()
      .catch(topicExists);
    if (!row) throw new AppError('topic-not-found');
    return toTopic(row);
  });

  serve(app, API.topics.remove, async (request) => {
    const [row] = await db.delete(topics).where(eq(topics.id, request.params.id)).returning();
    if (!row) throw new AppError('topic-not-found');
  });

  serve(app, API.topics.ofUser, async (request) => topicsOfUser(db, identityOf(request).userId));

  serve(app, API.topics.addToUser, async (request) => {
    const userId = identityOf(request).userId;
    await assertTopicsExist(db, request.body.topicIds);
    if (request.body.topicIds.length > 0) {
      await db
        .insert(userTopics)
        .values(request.body.topicIds.map((topicId) => ({ userId, topicId })))
        .onConflictDoNothing();
    }
    return topicsOfUser(db, userId);
  });

  serve(app, API.topics.removeFromUser, async (request) => {
    const userId = identityOf(request).userId;
    if (request.body.topicIds.length > 0) {
      await db
        .delete(userTopics)
        .where(
          and(eq(userTopics.userId, userId), inArray(userTopics.topicId, request.body.topicIds)),
        );
    }
    return topicsOfUser(db, userId);
  });

  serve(app, API.topics.setOfUser, async (request) => {
    const userId = identityOf(request).userId;
    const ids = [...new Set(request.body.topicIds)];
    await assertTopicsExist(db, ids);
    await db.transaction(async (tx) => {
      await tx.delete(userTopics).where(eq(userTopics.userId, userId));
      if (ids.length > 0)
        await tx.insert(userTopics).values(ids.map((topicId) => ({ userId, topicId })));
    });
    return topicsOfUser(db, userId);
  });
};
