export { startGoogleSimulator } from './start';
export { simulatedSubject } from './tokens';
export {
  DEMO_GOOGLE_ACCOUNTS,
  GoogleSimulatorError,
  SIMULATOR_CLIENT_ID,
  SIMULATOR_ISSUER,
  SIMULATOR_PATHS,
} from './types';
export type {
  DemoGoogleAccount,
  GoogleIdTokenClaims,
  GoogleSimulator,
  GoogleSimulatorOptions,
  SimulatedClaims,
} from './types';
