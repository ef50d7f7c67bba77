import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createFawryClient, startFawrySimulator } from '../../integrations/fawry';
import type { FawryClient, FawrySimulator } from '../../integrations/fawry';
import { createPaymobClient, startPaymobSimulator } from '../../integrations/paymob';
import type { PaymobClient, PaymobSimulator } from '../../integrations/paymob';

/** The two payment gateways as the payments feature sees them. */
export interface PaymentGateways {
  fawry: FawryClient;
  paymob: PaymobClient;
  /** The local stand-ins, when they run (development, tests): their notification URLs point here. */
  simulators: { fawry: FawrySimulator; paymob: PaymobSimulator } | undefined;
  close(): Promise<void>;
}

export interface GatewayOptions {
  /** Simulator ports (0 picks free ones); the configured ports otherwise. */
  ports?: Partial<Record<'fawry' | 'paymob', number>>;
  /** Waits between notification retries of the simulators (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** How long the adapters wait for a provider's answer (default 15 s; tests shorten it). */
  timeoutMs?: number;
}

/**
 * The real adapters, pointed at the local simulators when they are on (started here with the
 * configured keys, so signatures are checked exactly as the gateways do) or at the gateways.
 */
export async function startPaymentGateways(
  config: Pick<Config, 'simulators' | 'fawry' | 'paymob'>,
  log: FastifyBaseLogger,
  options: GatewayOptions = {},
): Promise<PaymentGateways> {
  const sim = config.simulators;
  let simulators: PaymentGateways['simulators'];
  if (sim.enabled) {
    const fawry = await startFawrySimulator({
      port: options.ports?.fawry ?? sim.ports.fawry,
      host: sim.host,
      merchantCode: config.fawry.merchantCode,
      securityKey: config.fawry.securityKey,
      logger: log.child({ integration: 'fawry-simulator' }),
      ...(options.retryDelaysMs ? { notificationRetryDelaysMs: options.retryDelaysMs } : {}),
    });
    try {
      const paymob = await startPaymobSimulator({
        port: options.ports?.paymob ?? sim.ports.paymob,
        host: sim.host,
        secretKey: config.paymob.secretKey,
        publicKey: config.paymob.publicKey,
        hmacSecret: config.paymob.hmacSecret,
        integrationIds: config.paymob.integrationIds,
        logger: log.child({ integration: 'paymob-simulator' }),
        ...(options.retryDelaysMs ? { callbackRetryDelaysMs: options.retryDelaysMs } : {}),
      });
      simulators = { fawry, paymob };
    } catch (error) {
      await fawry.close();
      throw error;
    }
  }
  const fawry = createFawryClient({
    baseUrl: simulators?.fawry.url ?? config.fawry.baseUrl,
    merchantCode: config.fawry.merchantCode,
    securityKey: config.fawry.securityKey,
    logger: log.child({ integration: 'fawry' }),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const paymob = createPaymobClient({
    baseUrl: simulators?.paymob.url ?? config.paymob.apiUrl,
    secretKey: config.paymob.secretKey,
    publicKey: config.paymob.publicKey,
    hmacSecret: config.paymob.hmacSecret,
    integrationIds: config.paymob.integrationIds,
    logger: log.child({ integration: 'paymob' }),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  let closing: Promise<void> | undefined;
  return {
    fawry,
    paymob,
    simulators,
    close: () =>
      (closing ??= (async () => {
        await simulators?.fawry.close();
        await simulators?.paymob.close();
      })()),
  };
}
