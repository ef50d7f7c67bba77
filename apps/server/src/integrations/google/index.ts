export {
  createGoogleIdTokenVerifier,
  GOOGLE_ISSUERS,
  GOOGLE_SIGN_IN_FAILURES,
  GoogleSignInError,
} from './verify';
export type {
  GoogleIdentity,
  GoogleIdTokenVerifier,
  GoogleVerifier,
  GoogleSignInFailure,
  GoogleVerifierOptions,
  GoogleVerifyOptions,
} from './verify';
export {
  DEMO_GOOGLE_ACCOUNTS,
  SIMULATOR_CLIENT_ID,
  SIMULATOR_ISSUER,
  simulatedSubject,
  startGoogleSimulator,
} from './simulator';
export type { GoogleSimulator, GoogleSimulatorOptions, SimulatedClaims } from './simulator';
