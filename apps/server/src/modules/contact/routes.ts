import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { serviceContextOf } from '../../context';
import { listContactRequests, markContactRequest, sendContactRequest } from './service';

/**
 * Abuse limits of the contact form (record 300): a person with a real question sends one or two
 * messages; an address is shared by a whole mobile network's customers (carrier NAT), so it
 * allows more than one sender does.
 */
export const CONTACT_REQUESTS_PER_ACCOUNT = { max: 5, minutes: 60 };
export const CONTACT_REQUESTS_PER_ADDRESS = { max: 20, minutes: 60 };

/** Contact requests (contract `API.contactRequests`). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'contact');

  serve(
    app,
    API.contactRequests.create,
    async (request) => sendContactRequest(ctx, request.identity, request.body),
    {
      onRequest: limitPerAddress(app, 'contact-request', CONTACT_REQUESTS_PER_ADDRESS),
      preHandler: limitPerAccount(app, 'contact-request:account', CONTACT_REQUESTS_PER_ACCOUNT),
    },
  );

  serve(app, API.contactRequests.list, async (request) => listContactRequests(ctx, request.query));

  serve(app, API.contactRequests.update, async (request) =>
    markContactRequest(ctx, identityOf(request), request.params.id, request.body.handled),
  );
};
