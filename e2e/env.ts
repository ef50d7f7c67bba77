// Ports of the product under test: its own, so it never meets a developer's running `npm start`.
export const ports = {
  api: 4900,
  web: 4910,
  admin: 4920,
  landing: 4930,
  whatsapp: 4951,
  telegram: 4952,
  outbox: 4953,
  google: 4954,
  smtp: 4955,
  fawry: 4956,
  paymob: 4957,
} as const;

export const urls = {
  api: `http://127.0.0.1:${ports.api}`,
  web: `http://127.0.0.1:${ports.web}`,
  admin: `http://127.0.0.1:${ports.admin}`,
  landing: `http://127.0.0.1:${ports.landing}`,
} as const;
