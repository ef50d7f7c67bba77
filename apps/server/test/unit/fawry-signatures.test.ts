import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FawryError, kindOfFawryCode } from '../../src/integrations/fawry/errors';
import {
  amountText,
  cancelUnpaidOrderSignatureString,
  chargeResponseSignatureString,
  chargeSignatureString,
  deleteCardTokenSignatureString,
  formatAmount,
  listCardTokensSignatureString,
  notificationSignatureString,
  parseAmount,
  paymentStatusSignatureString,
  refundSignatureString,
  signaturesMatch,
  signNotification,
  verifyNotificationSignature,
} from '../../src/integrations/fawry/signatures';
import { createFawryClient, toFawryMobile } from '../../src/integrations/fawry/client';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

// The merchant code, reference and customer of the samples on atfawry.com's developer guide.
const MERCHANT = 'is0N+YQzlE4=';
const KEY = '259af31fc2f74453b3a55739b21ae9ef'; // "for the sake of demonstration" key of Fawry's pages

describe('amounts', () => {
  it('formats whole piasters with exactly two decimals', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(2010)).toBe('20.10');
    expect(formatAmount(15000)).toBe('150.00');
    expect(formatAmount(12345)).toBe('123.45');
    expect(formatAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses fractions of a piaster and negative amounts', () => {
    expect(() => formatAmount(1.5)).toThrow(RangeError);
    expect(() => formatAmount(-1)).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
  });

  it('reads Fawry amounts (numbers and strings) without float drift', () => {
    expect(parseAmount(20.1)).toBe(2010);
    expect(parseAmount('20.10')).toBe(2010);
    expect(parseAmount(152)).toBe(15200);
    expect(parseAmount('152.00')).toBe(15200);
    expect(parseAmount(0.07)).toBe(7);
    expect(parseAmount(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999 in floats
    expect(parseAmount('20.000')).toBe(2000);
    expect(parseAmount(1.005)).toBeUndefined();
    expect(parseAmount(0.1 + 0.2)).toBeUndefined();
    expect(parseAmount(-1)).toBeUndefined();
    expect(parseAmount('1e3')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount(null)).toBeUndefined();
    expect(amountText(840.0)).toBe('840.00');
  });

  it('round-trips every amount through text and through a JSON number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (piasters) => {
        const text = formatAmount(piasters);
        expect(parseAmount(text)).toBe(piasters);
        expect(parseAmount(JSON.parse(text) as number)).toBe(piasters);
      }),
    );
  });
});

describe('request signatures (field order as documented by Fawry)', () => {
  it('reference number: merchantCode + merchantRefNum + customerProfileId + PAYATFAWRY + amount + key', () => {
    const text = chargeSignatureString(
      {
        merchantCode: MERCHANT,
        merchantRefNum: '9990064204',
        customerProfileId: '9990064204',
        paymentMethod: 'PAYATFAWRY',
        amountPiasters: 2010,
      },
      KEY,
    );
    expect(text).toBe(`${MERCHANT}99900642049990064204PAYATFAWRY20.10${KEY}`);
  });

  it('card token with 3-D Secure: ... + amount + cardToken + cvv + returnUrl + key', () => {
    const text = chargeSignatureString(
      {
        merchantCode: MERCHANT,
        merchantRefNum: '9990064204',
        customerProfileId: '777777',
        paymentMethod: 'CARD',
        amountPiasters: 2000,
        cardToken: 'f8248fb3',
        cvv: '123',
        returnUrl: 'https://example.com/back',
      },
      KEY,
    );
    expect(text).toBe(
      `${MERCHANT}9990064204777777CARD20.00f8248fb3123https://example.com/back${KEY}`,
    );
  });

  it('installments: ... + cardToken + cvv + installmentPlanId (+ returnUrl) + key', () => {
    const text = chargeSignatureString(
      {
        merchantCode: MERCHANT,
        merchantRefNum: 'r1',
        customerProfileId: 'u1',
        paymentMethod: 'CARD',
        amountPiasters: 150000,
        cardToken: 'tok',
        cvv: '123',
        installmentPlanId: 1003,
        returnUrl: 'https://example.com/back',
      },
      KEY,
    );
    expect(text).toBe(`${MERCHANT}r1u1CARD1500.00tok1231003https://example.com/back${KEY}`);
  });

  it('e-wallet: through amount for a QR, + debitMobileWalletNo for request-to-pay', () => {
    const base = {
      merchantCode: MERCHANT,
      merchantRefNum: 'r2',
      customerProfileId: 'u1',
      paymentMethod: 'MWALLET',
      amountPiasters: 45000,
    };
    expect(chargeSignatureString(base, KEY)).toBe(`${MERCHANT}r2u1MWALLET450.00${KEY}`);
    expect(chargeSignatureString({ ...base, debitMobileWalletNo: '01012345678' }, KEY)).toBe(
      `${MERCHANT}r2u1MWALLET450.0001012345678${KEY}`,
    );
  });

  it('an absent customerProfileId counts as an empty string', () => {
    const text = chargeSignatureString(
      { merchantCode: 'M', merchantRefNum: 'R', paymentMethod: 'PAYATFAWRY', amountPiasters: 100 },
      'K',
    );
    expect(text).toBe('MRPAYATFAWRY1.00K');
  });

  it('payment status, refund, cancel unpaid order, card tokens', () => {
    expect(paymentStatusSignatureString(MERCHANT, '99900642041', KEY)).toBe(
      `${MERCHANT}99900642041${KEY}`,
    );
    expect(
      refundSignatureString(
        {
          merchantCode: MERCHANT,
          referenceNumber: '931337410',
          refundPiasters: 36250,
          reason: 'Item not received',
        },
        KEY,
      ),
    ).toBe(`${MERCHANT}931337410362.50Item not received${KEY}`);
    expect(
      refundSignatureString(
        { merchantCode: MERCHANT, referenceNumber: '931337410', refundPiasters: 100 },
        KEY,
      ),
    ).toBe(`${MERCHANT}9313374101.00${KEY}`);
    // Note the order: the reference comes before the merchant account here.
    expect(
      cancelUnpaidOrderSignatureString(
        { orderRefNo: '23124654641', merchantAccount: MERCHANT, lang: 'ar-eg' },
        KEY,
      ),
    ).toBe(`23124654641${MERCHANT}ar-eg${KEY}`);
    expect(listCardTokensSignatureString('1tSa6uxz2nTwlaAmt38enA==', '777777', KEY)).toBe(
      `1tSa6uxz2nTwlaAmt38enA==777777${KEY}`,
    );
    expect(
      deleteCardTokenSignatureString(
        { merchantCode: MERCHANT, customerProfileId: '777777', cardToken: 'abc' },
        KEY,
      ),
    ).toBe(`${MERCHANT}777777abc${KEY}`);
  });
});

describe('notification V2 signature', () => {
  const body = {
    requestId: 'c72827d084ea4b88949d91dd2db4996e',
    fawryRefNumber: '970177',
    merchantRefNumber: '9708f1cea8b5426cb57922df51b7f790',
    customerMobile: '01004545545',
    customerMail: 'fawry@fawry.com',
    paymentAmount: 152.0,
    orderAmount: 150.0,
    fawryFees: 2.0,
    orderStatus: 'NEW',
    paymentMethod: 'PAYATFAWRY',
    orderExpiryDate: 1_533_554_719_314,
  };

  it('is fawryRefNumber + merchantRefNumber + amounts(2dp) + status + method + paymentRefrenceNumber + key', () => {
    expect(notificationSignatureString(body, 'fawry_secure_key')).toBe(
      '9701779708f1cea8b5426cb57922df51b7f790152.00150.00NEWPAYATFAWRYfawry_secure_key',
    );
    expect(
      notificationSignatureString(
        { ...body, orderStatus: 'PAID', paymentRefrenceNumber: '24480' },
        'k',
      ),
    ).toBe('9701779708f1cea8b5426cb57922df51b7f790152.00150.00PAIDPAYATFAWRY24480k');
  });

  it('reproduces the published test vector of the fawry Ruby gem (which signs an empty merchantRefNum)', () => {
    // github.com/fawry-api/fawry spec/spec_helper.rb: this callback, key "fawry_secure_key", and
    // messageSignature b0175565…. The gem reads params[:merchantRefNum], absent from a V2 body,
    // so its vector has an empty second field; with that, our order and formatting match it.
    const vector = 'b0175565323e464b01dc9407160368af5568196997fb6e379374a4f4fbbcf587';
    expect(
      sha256(
        notificationSignatureString({ ...body, merchantRefNumber: '' }, 'fawry_secure_key') ?? '',
      ),
    ).toBe(vector);
    // The real field is signed by Fawry, so the gem's vector does not verify as a V2 notification.
    expect(
      verifyNotificationSignature({ ...body, messageSignature: vector }, 'fawry_secure_key'),
    ).toBe(false);
  });

  it('verifies a signed body and refuses any change, in constant time', () => {
    const signed = { ...body, messageSignature: signNotification(body, KEY) };
    expect(verifyNotificationSignature(signed, KEY)).toBe(true);
    expect(
      verifyNotificationSignature(
        { ...signed, messageSignature: signed.messageSignature.toUpperCase() },
        KEY,
      ),
    ).toBe(true);
    expect(verifyNotificationSignature({ ...signed, paymentAmount: 153 }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...signed, orderStatus: 'PAID' }, KEY)).toBe(false);
    expect(verifyNotificationSignature(signed, 'another-key')).toBe(false);
    expect(verifyNotificationSignature({ ...signed, messageSignature: 'abc' }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...signed, paymentAmount: 'lots' }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...signed, messageSignature: undefined }, KEY)).toBe(
      false,
    );
  });

  it('signs amounts sent as strings the same as numbers', () => {
    const asStrings = { ...body, paymentAmount: '152.00', orderAmount: '150.00' };
    expect(signNotification(asStrings, KEY)).toBe(signNotification(body, KEY));
  });

  it('compares hex signatures in constant time and refuses non-strings', () => {
    expect(signaturesMatch('ab', 'ab')).toBe(true);
    expect(signaturesMatch('AB', 'ab')).toBe(true);
    expect(signaturesMatch('abc', 'ab')).toBe(false);
    expect(signaturesMatch(12, '12')).toBe(false);
  });
});

describe('charge answer / 3-D Secure return signature', () => {
  it('skips absent optional fields and writes present amounts with two decimals', () => {
    const text = chargeResponseSignatureString(
      {
        referenceNumber: '963455678',
        merchantRefNumber: '9990d0642040',
        paymentAmount: '20.00',
        orderAmount: 20,
        orderStatus: 'PAID',
        paymentMethod: 'CARD',
        fawryFees: 0,
        authNumber: '12336534',
        customerMail: 'a@b.c',
        customerMobile: '01000000000',
      },
      KEY,
    );
    expect(text).toBe(`9634556789990d064204020.0020.00PAIDCARD0.0012336534a@b.c01000000000${KEY}`);
    expect(
      chargeResponseSignatureString(
        {
          merchantRefNumber: 'r',
          paymentAmount: 1,
          orderAmount: 1,
          orderStatus: 'FAILED',
          paymentMethod: 'CARD',
        },
        'k',
      ),
    ).toBe('r1.001.00FAILEDCARDk');
  });
});

describe('error kinds', () => {
  it('maps Fawry status codes onto our kinds', () => {
    expect(kindOfFawryCode(9946)).toBe('invalid-signature');
    expect(kindOfFawryCode(9938)).toBe('not-found');
    expect(kindOfFawryCode(99956)).toBe('not-found');
    expect(kindOfFawryCode(9935)).toBe('rejected');
    expect(kindOfFawryCode(9954)).toBe('rejected');
    // 9984 ("already cancelled") had no public source and was removed (issue 16): an
    // undocumented code is Fawry's trouble, not a refusal we understood.
    expect(kindOfFawryCode(9984)).toBe('unavailable');
    expect(kindOfFawryCode(99907)).toBe('declined');
    expect(kindOfFawryCode(99951)).toBe('declined');
    expect(kindOfFawryCode(99954)).toBe('declined'); // expired card, not "order not paid"
    expect(kindOfFawryCode(55006)).toBe('declined');
    expect(kindOfFawryCode(99994)).toBe('unavailable');
    expect(kindOfFawryCode(9901)).toBe('unavailable');
    expect(kindOfFawryCode(401)).toBe('unavailable');
    expect(kindOfFawryCode(503)).toBe('unavailable');
  });
});

describe('client helpers', () => {
  it("writes Egyptian mobiles in Fawry's local form", () => {
    expect(toFawryMobile('+201001234567')).toBe('01001234567');
    expect(toFawryMobile('+20 100 123 4567')).toBe('01001234567');
    expect(toFawryMobile('00201001234567')).toBe('01001234567');
    expect(toFawryMobile('01001234567')).toBe('01001234567');
  });

  it('builds the hosted card page URL with accNo, customerProfileId, returnUrl and locale', () => {
    const client = createFawryClient({
      baseUrl: 'https://atfawry.fawrystaging.com/',
      merchantCode: 'M=',
      securityKey: 'k',
    });
    const url = new URL(
      client.cardTokenUrl({ customerProfileId: '42', returnUrl: 'https://app.example/cards?x=1' }),
    );
    expect(url.origin + url.pathname).toBe(
      'https://atfawry.fawrystaging.com/atfawry/plugin/card-token',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accNo: 'M=',
      customerProfileId: '42',
      returnUrl: 'https://app.example/cards?x=1',
      locale: 'ar',
    });
  });

  it('verifies notifications given as parsed JSON or raw text', () => {
    const client = createFawryClient({
      baseUrl: 'http://127.0.0.1:1',
      merchantCode: 'M',
      securityKey: KEY,
    });
    const base = {
      requestId: 'r',
      fawryRefNumber: '123456789',
      merchantRefNumber: 'tx-1',
      paymentAmount: 150.5,
      orderAmount: 150.5,
      fawryFees: 0,
      orderStatus: 'PAID',
      paymentMethod: 'PAYATFAWRY',
      paymentRefrenceNumber: '998877',
      paymentTime: 1_700_000_000_000,
      customerMerchantId: 'u1',
    };
    const signed = { ...base, messageSignature: signNotification(base, KEY) };
    const parsed = client.verifyNotification(JSON.stringify(signed));
    expect(parsed).toMatchObject({
      referenceNumber: '123456789',
      merchantRefNumber: 'tx-1',
      state: 'paid',
      method: 'PAYATFAWRY',
      orderAmountPiasters: 15050,
      paymentAmountPiasters: 15050,
      feesPiasters: 0,
      paymentReferenceNumber: '998877',
      customerProfileId: 'u1',
      requestId: 'r',
    });
    expect(parsed.paidAt?.getTime()).toBe(1_700_000_000_000);
    const failure = (() => {
      try {
        client.verifyNotification({ ...signed, orderAmount: 1 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(FawryError);
    expect((failure as FawryError).kind).toBe('invalid-signature');
    expect(() => client.verifyNotification('not json')).toThrow(FawryError);
    expect(() => client.verifyNotification(null)).toThrow(FawryError);
  });
});
