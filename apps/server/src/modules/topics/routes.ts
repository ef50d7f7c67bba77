import { asc, eq, inArray, and } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, topicBodySchema, userTopicsBodySchema } from '@talaqa/domain';
import type { Topic } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { topics, userTopics } from '../../db/schema';
import type { TopicRow } from '../../db/schema';
import { admins, anyone, identityOf, signedIn } from '../../http/access';

const idParams = idParamsSchema;
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

  app.get('/topic/list', { config: { access: anyone } }, async () =>
    (await db.select().from(topics).orderBy(asc(topics.nameAr))).map(toTopic),
  );

  app.post(
    '/topic/',
    { config: { access: admins }, schema: { body: topicBodySchema } },
    async (request, reply) => {
      const [row] = await db.insert(topics).values(request.body).returning().catch(topicExists);
      if (!row) throw new Error('insert returned no row');
      return reply.code(201).send(toTopic(row));
    },
  );

  app.put(
    '/topic/:id',
    { config: { access: admins }, schema: { params: idParams, body: topicBodySchema } },
    async (request) => {
      const [row] = await db
        .update(topics)
        .set(request.body)
        .where(eq(topics.id, request.params.id))
        .returning()
        .catch(topicExists);
      if (!row) throw new AppError('topic-not-found');
      return toTopic(row);
    },
  );

  app.delete(
    '/topic/:id',
    { config: { access: admins }, schema: { params: idParams } },
    async (request, reply) => {
      const [row] = await db.delete(topics).where(eq(topics.id, request.params.id)).returning();
      if (!row) throw new AppError('topic-not-found');
      return reply.code(204).send();
    },
  );

  app.get('/topic/of/user', { config: { access: signedIn } }, async (request) =>
    topicsOfUser(db, identityOf(request).userId),
  );

  app.post(
    '/topic/of/user',
    { config: { access: signedIn }, schema: { body: userTopicsBodySchema } },
    async (request) => {
      const userId = identityOf(request).userId;
      await assertTopicsExist(db, request.body.topicIds);
      if (request.body.topicIds.length > 0) {
        await db
          .insert(userTopics)
          .values(request.body.topicIds.map((topicId) => ({ userId, topicId })))
          .onConflictDoNothing();
      }
      return topicsOfUser(db, userId);
    },
  );

  app.delete(
    '/topic/of/user',
    { config: { access: signedIn }, schema: { body: userTopicsBodySchema } },
    async (request) => {
      const userId = identityOf(request).userId;
      if (request.body.topicIds.length > 0) {
        await db
          .delete(userTopics)
          .where(
            and(eq(userTopics.userId, userId), inArray(userTopics.topicId, request.body.topicIds)),
          );
      }
      return topicsOfUser(db, userId);
    },
  );

  app.patch(
    '/topic/of/user',
    { config: { access: signedIn }, schema: { body: userTopicsBodySchema } },
    async (request) => {
      const userId = identityOf(request).userId;
      const ids = [...new Set(request.body.topicIds)];
      await assertTopicsExist(db, ids);
      await db.transaction(async (tx) => {
        await tx.delete(userTopics).where(eq(userTopics.userId, userId));
        if (ids.length > 0)
          await tx.insert(userTopics).values(ids.map((topicId) => ({ userId, topicId })));
      });
      return topicsOfUser(db, userId);
    },
  );
};
