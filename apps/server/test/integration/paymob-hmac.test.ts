import { describe, expect, it } from 'vitest';
import {
  createPaymobClient,
  hmacEquals,
  PAYMOB_TRANSACTION_HMAC_FIELDS,
  paymobHmac,
  PaymobError,
  redirectionHmac,
  redirectionHmacMessage,
  transactionCallbackHmac,
  transactionHmacMessage,
  verifyRedirectionHmac,
  verifyTransactionCallbackHmac,
} from '../../src/integrations/paymob';

/**
 * Paymob's worked example, "HMAC Transaction Callback":
 * https://developers.paymob.com/paymob-docs/developers/webhook-callbacks-and-hmac/hmac/hmac-transaction-callback
 * The page gives the sample processed callback's concatenated string and its HMAC. The page does
 * not print the sample account's (test-mode) HMAC secret; the one below reproduces the published
 * HMAC exactly and is the one public Paymob SDK tests use with this sample.
 */
const DOCS_CONCATENATED =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';
const DOCS_HMAC =
  'fa8ac0b7f3852e60c50e7fdd4ea5ef0bda96030c19dea1d55df8c76d6c08ab1877774662cbb04981dc84839ad4da560bcc8cb53b8973548657f7e8f8d2e79930';
const DOCS_SAMPLE_SECRET = '04DC1A9490B8CC2094C011FC055ADCDB';

/** The sample callback's `obj` (the signed fields and a few neighbours, as in the docs). */
const docsObj = () => ({
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, created_at: '2024-06-13T11:32:09.628623', merchant_order_id: null },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', type: 'card', tenure: null, sub_type: 'MasterCard' },
  error_occured: false,
  is_live: false,
  owner: 302852,
});

/** The same transaction as the browser redirection carries it (flat query values). */
const docsQuery = (): Record<string, string> => ({
  id: '192036465',
  pending: 'false',
  amount_cents: '100000',
  success: 'true',
  is_auth: 'false',
  is_capture: 'false',
  is_standalone_payment: 'true',
  is_voided: 'false',
  is_refunded: 'false',
  is_3d_secure: 'true',
  integration_id: '4097558',
  profile_id: '164295',
  has_parent_transaction: 'false',
  order: '217503754',
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  error_occured: 'false',
  owner: '302852',
  'data.message': 'Approved',
  'source_data.type': 'card',
  'source_data.pan': '2346',
  'source_data.sub_type': 'MasterCard',
  txn_response_code: 'APPROVED',
});

describe("Paymob HMAC: Paymob's worked example", () => {
  it('lists the twenty fields in lexicographic order', () => {
    expect(PAYMOB_TRANSACTION_HMAC_FIELDS).toHaveLength(20);
    expect([...PAYMOB_TRANSACTION_HMAC_FIELDS].sort()).toEqual([...PAYMOB_TRANSACTION_HMAC_FIELDS]);
  });

  it('builds the documented concatenated string from the processed callback', () => {
    expect(transactionHmacMessage(docsObj())).toBe(DOCS_CONCATENATED);
  });

  it('computes the documented HMAC (SHA-512, lower-case hex)', () => {
    expect(paymobHmac(DOCS_CONCATENATED, DOCS_SAMPLE_SECRET)).toBe(DOCS_HMAC);
    expect(transactionCallbackHmac(docsObj(), DOCS_SAMPLE_SECRET)).toBe(DOCS_HMAC);
    expect(verifyTransactionCallbackHmac(docsObj(), DOCS_HMAC, DOCS_SAMPLE_SECRET)).toBe(true);
  });

  it('signs the redirection query over the same values (`order` is the order id)', () => {
    expect(redirectionHmacMessage(docsQuery())).toBe(DOCS_CONCATENATED);
    const query = { ...docsQuery(), hmac: DOCS_HMAC };
    expect(verifyRedirectionHmac(query, DOCS_SAMPLE_SECRET)).toBe(true);
    expect(verifyRedirectionHmac(new URLSearchParams(query), DOCS_SAMPLE_SECRET)).toBe(true);
    expect(redirectionHmac(docsQuery(), DOCS_SAMPLE_SECRET)).toBe(DOCS_HMAC);
  });

  it('accepts `order_id` for the order, and refuses two different order ids', () => {
    const { order, ...rest } = docsQuery();
    expect(
      verifyRedirectionHmac({ ...rest, order_id: order, hmac: DOCS_HMAC }, DOCS_SAMPLE_SECRET),
    ).toBe(true);
    expect(
      verifyRedirectionHmac(
        { ...docsQuery(), order_id: '999', hmac: DOCS_HMAC },
        DOCS_SAMPLE_SECRET,
      ),
    ).toBe(false);
  });

  it('ignores fields outside the signed list (data.message may change)', () => {
    const query = { ...docsQuery(), 'data.message': 'Something else', hmac: DOCS_HMAC };
    expect(verifyRedirectionHmac(query, DOCS_SAMPLE_SECRET)).toBe(true);
  });
});

describe('Paymob HMAC: rejections', () => {
  it('rejects any change to a signed callback value', () => {
    const changes: Array<(obj: ReturnType<typeof docsObj>) => void> = [
      (o) => (o.amount_cents = 1),
      (o) => (o.success = false),
      (o) => (o.pending = true),
      (o) => (o.id += 1),
      (o) => (o.order.id += 1),
      (o) => (o.currency = 'USD'),
      (o) => (o.source_data.pan = '0000'),
      (o) => (o.is_refunded = true),
    ];
    for (const change of changes) {
      const obj = docsObj();
      change(obj);
      expect(verifyTransactionCallbackHmac(obj, DOCS_HMAC, DOCS_SAMPLE_SECRET)).toBe(false);
    }
  });

  it('rejects a changed redirection value', () => {
    for (const key of ['amount_cents', 'success', 'order', 'source_data.pan'] as const) {
      const query = { ...docsQuery(), [key]: '1', hmac: DOCS_HMAC };
      expect(verifyRedirectionHmac(query, DOCS_SAMPLE_SECRET)).toBe(false);
    }
  });

  it('rejects a wrong secret, a missing, malformed or truncated hmac', () => {
    expect(verifyTransactionCallbackHmac(docsObj(), DOCS_HMAC, 'another-secret')).toBe(false);
    expect(verifyTransactionCallbackHmac(docsObj(), undefined, DOCS_SAMPLE_SECRET)).toBe(false);
    expect(verifyTransactionCallbackHmac(docsObj(), '', DOCS_SAMPLE_SECRET)).toBe(false);
    expect(verifyTransactionCallbackHmac(docsObj(), DOCS_HMAC.slice(2), DOCS_SAMPLE_SECRET)).toBe(
      false,
    );
    expect(verifyTransactionCallbackHmac(docsObj(), [DOCS_HMAC], DOCS_SAMPLE_SECRET)).toBe(false);
    expect(verifyRedirectionHmac(docsQuery(), DOCS_SAMPLE_SECRET)).toBe(false);
  });

  it('accepts upper-case hex (comparison is case-insensitive and constant-time)', () => {
    expect(hmacEquals(DOCS_HMAC, DOCS_HMAC.toUpperCase())).toBe(true);
    expect(
      verifyTransactionCallbackHmac(docsObj(), DOCS_HMAC.toUpperCase(), DOCS_SAMPLE_SECRET),
    ).toBe(true);
  });

  it('rejects an object missing a signed field instead of signing "undefined"', () => {
    const { owner: _owner, ...withoutOwner } = docsObj();
    expect(transactionHmacMessage(withoutOwner)).toBeUndefined();
    expect(verifyTransactionCallbackHmac(withoutOwner, DOCS_HMAC, DOCS_SAMPLE_SECRET)).toBe(false);
    expect(() => transactionCallbackHmac(withoutOwner, DOCS_SAMPLE_SECRET)).toThrow(TypeError);
    expect(transactionHmacMessage(null)).toBeUndefined();
    expect(transactionHmacMessage({ ...docsObj(), source_data: 'x' })).toBeUndefined();
  });
});

/**
 * Kiosk and wallet callbacks can carry nulls. Paymob's own WooCommerce plugin
 * ("Paymob for WooCommerce" 4.1.12, `Paymob::verifyAcceptHmac`) signs a null boolean as `false`
 * (`true === $value ? 'true' : 'false'`) and any other null as the empty string (PHP's `.`).
 */
describe('Paymob HMAC: null values (kiosk and wallet callbacks)', () => {
  const walletObj = () => ({
    ...docsObj(),
    is_3d_secure: null,
    source_data: { pan: null, type: 'wallet', sub_type: null },
  });

  it('signs a null boolean as "false" and a null text as the empty string', () => {
    const expected = DOCS_CONCATENATED.replace(
      '1920364654097558true',
      '1920364654097558false',
    ).replace('2346MasterCardcard', 'wallet');
    expect(transactionHmacMessage(walletObj())).toBe(expected);
  });

  it('the adapter accepts such a callback signed as Paymob signs it, and reads it', () => {
    const hmac = paymobHmac(
      DOCS_CONCATENATED.replace('1920364654097558true', '1920364654097558false').replace(
        '2346MasterCardcard',
        'wallet',
      ),
      DOCS_SAMPLE_SECRET,
    );
    const client = createPaymobClient({
      secretKey: 'egy_sk_test_x',
      publicKey: 'egy_pk_test_x',
      hmacSecret: DOCS_SAMPLE_SECRET,
      integrationIds: [1],
    });
    const transaction = client.verifyCallback({ type: 'TRANSACTION', obj: walletObj() }, hmac);
    expect(transaction.success).toBe(true);
    expect(transaction.source).toEqual({ type: 'wallet', subType: undefined, pan: undefined });
    // "null" or "None" in place of the empty string is not Paymob's signature.
    const asWord = paymobHmac(
      DOCS_CONCATENATED.replace('1920364654097558true', '1920364654097558null').replace(
        '2346MasterCardcard',
        'nullnullwallet',
      ),
      DOCS_SAMPLE_SECRET,
    );
    expect(() => client.verifyCallback({ type: 'TRANSACTION', obj: walletObj() }, asWord)).toThrow(
      PaymobError,
    );
  });

  it('still refuses a null success or pending (they decide the payment)', () => {
    const obj = { ...walletObj(), pending: null };
    const client = createPaymobClient({
      secretKey: 'egy_sk_test_x',
      publicKey: 'egy_pk_test_x',
      hmacSecret: DOCS_SAMPLE_SECRET,
      integrationIds: [1],
    });
    const hmac = transactionCallbackHmac(obj, DOCS_SAMPLE_SECRET);
    expect(() => client.verifyCallback({ type: 'TRANSACTION', obj }, hmac)).toThrow(
      expect.objectContaining({ kind: 'invalid-request' }),
    );
  });
});
