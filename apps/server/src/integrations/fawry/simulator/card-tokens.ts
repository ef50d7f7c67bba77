/** Saved cards (list and delete by customer) and the merchant's installment plans. */
import type { FastifyInstance } from 'fastify';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import type { FawryWireCard } from '../protocol';
import {
  deleteCardTokenSignatureString,
  listCardTokensSignatureString,
  sha256Hex,
  signaturesMatch,
} from '../signatures';
import { failure, OK_DESCRIPTION, wrongMerchant, wrongSignature } from './answers';
import { cardsOf, record } from './state';
import type { FawrySim } from './state';
import { FAWRY_TEST_INSTALLMENT_PLANS } from './test-data';
import type { SimulatedCard } from './types';
import { field, params } from './wire';

const TYPE = 'CardTokenResponse';

const wireCard = (card: SimulatedCard): FawryWireCard => ({
  token: card.token,
  creationDate: card.createdAt.getTime(),
  lastFourDigits: card.cardNumber.slice(-4),
  firstSixDigits: card.cardNumber.slice(0, 6),
  brand: card.brand,
  cardHolderName: card.holderName,
  isDefault: card.isDefault,
});

export function cardTokenRoutes(app: FastifyInstance, sim: FawrySim): void {
  const { merchantCode, securityKey } = sim;

  app.get(FAWRY_PATHS.cardToken, async (request) => {
    record(sim.books, request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) return wrongMerchant(TYPE);
    const customerProfileId = field(q, 'customerProfileId');
    if (!customerProfileId) {
      return failure(TYPE, FAWRY_STATUS.badRequest, 'customerProfileId is required');
    }
    const expected = sha256Hex(
      listCardTokensSignatureString(merchantCode, customerProfileId, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) return wrongSignature(TYPE);
    return {
      type: TYPE,
      cards: cardsOf(sim.books, customerProfileId).map(wireCard),
      statusCode: FAWRY_STATUS.ok,
      statusDescription: OK_DESCRIPTION,
    };
  });

  app.delete(FAWRY_PATHS.cardToken, async (request) => {
    record(sim.books, request);
    const q = params(request);
    if (field(q, 'merchantCode') !== merchantCode) return wrongMerchant(TYPE);
    const customerProfileId = field(q, 'customerProfileId');
    const cardToken = field(q, 'cardToken');
    if (!customerProfileId || !cardToken) {
      return failure(TYPE, FAWRY_STATUS.badRequest, 'customerProfileId and cardToken are required');
    }
    const expected = sha256Hex(
      deleteCardTokenSignatureString({ merchantCode, customerProfileId, cardToken }, securityKey),
    );
    if (!signaturesMatch(q.signature, expected)) return wrongSignature(TYPE);
    const card = sim.books.cardsByToken.get(cardToken);
    if (!card || card.customerProfileId !== customerProfileId) {
      return failure(TYPE, FAWRY_STATUS.orderNotFound, 'Card token not found');
    }
    sim.books.cardsByToken.delete(cardToken);
    return failure(TYPE, FAWRY_STATUS.ok, OK_DESCRIPTION);
  });

  app.get(FAWRY_PATHS.installmentPlans, async (request, reply) => {
    record(sim.books, request);
    if (field(request.query, 'accountNumber') !== merchantCode) {
      return reply
        .code(400)
        .send({ code: FAWRY_STATUS.invalidMerchantCode, description: 'Merchant code is invalid' });
    }
    return FAWRY_TEST_INSTALLMENT_PLANS;
  });
}
