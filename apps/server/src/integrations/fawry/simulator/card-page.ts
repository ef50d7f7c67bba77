/**
 * The hosted card page (`/atfawry/plugin/card-token`): the customer types a card, Fawry saves it
 * under the customer's profile and sends the browser back to returnUrl with the token (unsigned:
 * the merchant confirms it with the card list).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { luhnValid } from '../../payment-simulators';
import { FAWRY_PATHS, FAWRY_STATUS } from '../protocol';
import { OK_DESCRIPTION } from './answers';
import { cardTokenPage, messagePage, sendPage } from './pages';
import { cardsOf, record } from './state';
import type { FawryBooks, FawrySim } from './state';
import { brandOf } from './test-data';
import type { SimulatedCard } from './types';
import { field, isHttpUrl, isObject, redirect, withQuery } from './wire';

interface CardPageRequest {
  accNo: string;
  customerProfileId: string;
  returnUrl: string;
  locale: string | undefined;
}

/** The page's parameters, or the Arabic sentence saying what is wrong with them. */
function readCardPageRequest(source: unknown, merchantCode: string): CardPageRequest | string {
  const accNo = field(source, 'accNo');
  const customerProfileId = field(source, 'customerProfileId');
  const returnUrl = field(source, 'returnUrl');
  if (accNo !== merchantCode) return 'رقم حساب التاجر (accNo) غير صحيح';
  if (!customerProfileId) return 'معرّف العميل (customerProfileId) مطلوب';
  if (!returnUrl || !isHttpUrl(returnUrl))
    return 'عنوان العودة (returnUrl) يجب أن يكون رابط http أو https';
  return { accNo, customerProfileId, returnUrl, locale: field(source, 'locale') };
}

interface TypedCard {
  cardNumber: string;
  month: number;
  year: number;
  holderName: string;
}

/** The card as typed, or the Arabic sentence for its first mistake. */
function readTypedCard(source: unknown): TypedCard | string {
  const cardNumber = (field(source, 'cardNumber') ?? '').replace(/[\s-]/g, '');
  const expiryMonth = (field(source, 'expiryMonth') ?? '').trim();
  const rawYear = (field(source, 'expiryYear') ?? '').trim();
  const cvv = (field(source, 'cvv') ?? '').trim();
  const holderName = (field(source, 'cardHolderName') ?? '').trim().slice(0, 60);
  if (!luhnValid(cardNumber)) return 'رقم البطاقة غير صحيح';
  const month = Number(expiryMonth);
  const year = /^\d{2}$/.test(rawYear)
    ? 2000 + Number(rawYear)
    : /^\d{4}$/.test(rawYear)
      ? Number(rawYear)
      : NaN;
  if (!/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12 || !Number.isFinite(year)) {
    return 'تاريخ الانتهاء غير صحيح';
  }
  const now = new Date();
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return 'انتهت صلاحية البطاقة';
  }
  if (!/^\d{3}$/.test(cvv)) return 'رمز الأمان يتكون من 3 أرقام';
  if (!holderName) return 'الاسم على البطاقة مطلوب';
  return { cardNumber, month, year, holderName };
}

/** Saves the card (the same number again keeps its token) and moves the default if asked. */
function saveCard(
  books: FawryBooks,
  customerProfileId: string,
  card: TypedCard,
  isDefault: boolean,
): SimulatedCard {
  const owned = cardsOf(books, customerProfileId);
  let saved = owned.find((c) => c.cardNumber === card.cardNumber);
  if (!saved) {
    saved = {
      token: randomBytes(32).toString('hex'),
      customerProfileId,
      cardNumber: card.cardNumber,
      brand: brandOf(card.cardNumber),
      holderName: card.holderName,
      expiryMonth: String(card.month).padStart(2, '0'),
      expiryYear: String(card.year % 100).padStart(2, '0'),
      createdAt: new Date(),
      isDefault: isDefault || owned.length === 0,
    };
    books.cardsByToken.set(saved.token, saved);
  }
  if (isDefault) for (const c of owned) c.isDefault = c === saved;
  return saved;
}

export function cardPageRoutes(app: FastifyInstance, sim: FawrySim): void {
  const action = FAWRY_PATHS.cardTokenPage;

  app.get(action, async (request, reply) => {
    const card = readCardPageRequest(request.query, sim.merchantCode);
    if (typeof card === 'string') return sendPage(reply, 400, messagePage('طلب غير صالح', card));
    return sendPage(reply, 200, cardTokenPage({ action, ...card }));
  });

  app.post(action, async (request, reply) => {
    record(sim.books, request, { ...(isObject(request.body) ? request.body : {}), cvv: '***' });
    const source = request.body;
    const page = readCardPageRequest(source, sim.merchantCode);
    if (typeof page === 'string') return sendPage(reply, 400, messagePage('طلب غير صالح', page));
    if (field(source, 'decision') === 'cancel') {
      return redirect(
        reply,
        withQuery(page.returnUrl, {
          statusCode: '400',
          statusDescription: 'Cancelled by the customer',
        }),
      );
    }
    const typed = readTypedCard(source);
    if (typeof typed === 'string') return again(reply, page, source, typed);
    const isDefault = field(source, 'isDefault') === 'true' || field(source, 'isDefault') === 'on';
    const saved = saveCard(sim.books, page.customerProfileId, typed, isDefault);
    return redirect(
      reply,
      withQuery(page.returnUrl, {
        statusCode: String(FAWRY_STATUS.ok),
        statusDescription: OK_DESCRIPTION,
        isDefault: String(saved.isDefault),
        token: saved.token,
        creationDate: String(saved.createdAt.getTime()),
        lastFourDigits: typed.cardNumber.slice(-4),
        firstSixDigits: typed.cardNumber.slice(0, 6),
        default: String(saved.isDefault),
        cardHolderName: saved.holderName,
      }),
    );
  });

  /** The form again, with what was typed (never the CVV) and the mistake. */
  function again(
    reply: FastifyReply,
    page: CardPageRequest,
    source: unknown,
    error: string,
  ): FastifyReply {
    const values = {
      cardNumber: (field(source, 'cardNumber') ?? '').replace(/[\s-]/g, ''),
      expiryMonth: (field(source, 'expiryMonth') ?? '').trim(),
      expiryYear: (field(source, 'expiryYear') ?? '').trim(),
      cardHolderName: (field(source, 'cardHolderName') ?? '').trim().slice(0, 60),
    };
    return sendPage(reply, 400, cardTokenPage({ action, ...page, error, values }));
  }
}
