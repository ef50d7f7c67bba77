// Ports of the product under test: its own, so it never meets a developer's running `npm start`.
// E2E_PORT_BASE moves them all (two worktrees' runs side by side on one machine).
const BASE = Number(process.env.E2E_PORT_BASE ?? 4900);
export const ports = {
  api: BASE + 0,
  web: BASE + 10,
  admin: BASE + 20,
  landing: BASE + 30,
  whatsapp: BASE + 51,
  telegram: BASE + 52,
  outbox: BASE + 53,
  google: BASE + 54,
  smtp: BASE + 55,
  fawry: BASE + 56,
  paymob: BASE + 57,
} as const;

export const urls = {
  api: `http://127.0.0.1:${ports.api}`,
  web: `http://127.0.0.1:${ports.web}`,
  admin: `http://127.0.0.1:${ports.admin}`,
  landing: `http://127.0.0.1:${ports.landing}`,
} as const;
