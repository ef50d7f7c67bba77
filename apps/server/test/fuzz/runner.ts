/**
 * Fuzzes one endpoint on a running test server: as a stranger, as a stranger with a forged token
 * and as each of the six roles, it sends seeded valid and hostile requests and collects every
 * answer ./verdict.ts finds wrong, with the request and the answer, for the report.
 *
 * Every caller is a fresh account per endpoint, so what one endpoint does (delete an account,
 * change a role, sign out everywhere) never reaches the next; a caller whose own account the
 * endpoint changed on the way is given a new one and the request is sent again.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ROLES, Role, mayCall } from '@talaqa/domain';
import type { EndpointDefinition } from '@talaqa/domain';
import { users } from '../../src/db/schema';
import { signAccessToken } from '../../src/security/tokens';
import { signedInUser } from '../integration/api';
import type { TestServer } from '../integration/helpers';
import { insertSubscription } from '../integration/lessons-fixtures';
import { validValues } from './arbitraries';
import type { ValidValues } from './arbitraries';
import { send } from './client';
import type { RawAnswer } from './client';
import { describeRequest, hostileRequests, validRequests } from './requests';
import type { FuzzRequest } from './requests';
import { problemsOf } from './verdict';
import type { World } from './world';

export interface Caller {
  name: string;
  role: Role | null;
  /** Sends a token that is not one: the route must treat the caller as a stranger. */
  forged?: boolean;
}

export const CALLERS: readonly Caller[] = [
  { name: 'anonymous', role: null },
  { name: 'a forged token', role: null, forged: true },
  ...ROLES.map((role): Caller => ({ name: `role ${role}`, role })),
];

const FORGED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.forged';

export interface FuzzSettings {
  /** Requests per endpoint and admitted caller; a caller the access rule refuses gets half. */
  runs: number;
  /** The base seed; each endpoint and caller derives its own from it and its name. */
  seed: number;
  /** The world the requests meet (./world.ts): its "now" and the plan of fresh students. */
  world?: World;
  /** Sees every answer (statistics, debugging). */
  onAnswer?: (answer: RawAnswer, request: FuzzRequest, caller: Caller) => void;
}

interface Account {
  id: number;
  role: Role;
  token: string;
  /** users.session_version the token was signed for. */
  sessionVersion: number;
}

/** `signedInUser` hashes a password each time; the fuzz test makes hundreds of accounts. */
const PASSWORD_HASH = new WeakMap<TestServer, Promise<string | null>>();

function passwordHashOn(server: TestServer): Promise<string | null> {
  let hash = PASSWORD_HASH.get(server);
  if (!hash) {
    hash = signedInUser(server, ROLES[0] ?? 1).then(async ({ id }) => {
      const [row] = await server.app.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, id));
      return row?.passwordHash ?? null;
    });
    PASSWORD_HASH.set(server, hash);
  }
  return hash;
}

/**
 * A new account of `role`, e-mail verified, password "password1"; a student is subscribed to the
 * world's plan, so a valid booking can succeed.
 */
async function freshAccount(server: TestServer, role: Role, world?: World): Promise<Account> {
  const passwordHash = await passwordHashOn(server);
  const { id } = await signedInUser(server, role, { password: null, emailVerified: true });
  // Setting the password ends the account's sessions (a trigger bumps its session version).
  const [row] = await server.app.database.db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  if (role === Role.Student && world) {
    await insertSubscription(server, id, { planId: world.planId, now: world.now });
  }
  const sessionVersion = row?.sessionVersion ?? 0;
  const token = await signAccessToken(id, server.config, undefined, { version: sessionVersion });
  return { id, role, token, sessionVersion };
}

/** Whether the account is gone, has another role, or its sessions were ended. */
async function accountChanged(server: TestServer, account: Account): Promise<boolean> {
  const [row] = await server.app.database.db
    .select({ role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, account.id));
  return !row || row.role !== account.role || row.sessionVersion !== account.sessionVersion;
}

/** The same seed for the same endpoint and caller, whatever other endpoints exist. */
function seedOf(base: number, key: string): number {
  let hash = base;
  for (const char of key) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

export const keyOf = (endpoint: EndpointDefinition): string =>
  `${endpoint.method} ${endpoint.path}`;

/** Valid values of every schema per "now", built once: the walk is memoised per schema node. */
const VALID = new Map<number, ValidValues>();

function validAt(now: Date): ValidValues {
  let valid = VALID.get(now.getTime());
  if (!valid) VALID.set(now.getTime(), (valid = validValues({ now })));
  return valid;
}

/** How many requests a caller sends: a refused one only checks the door, in fewer. */
function runsFor(endpoint: EndpointDefinition, caller: Caller, settings: FuzzSettings): number {
  return mayCall(endpoint.access, caller.role)
    ? settings.runs
    : Math.max(2, Math.ceil(settings.runs / 3));
}

function requestsFor(
  endpoint: EndpointDefinition,
  caller: Caller,
  settings: FuzzSettings,
): FuzzRequest[] {
  const runs = runsFor(endpoint, caller, settings);
  const validRuns = Math.ceil(runs / 3);
  const seed = seedOf(settings.seed, `${keyOf(endpoint)} as ${caller.name}`);
  const valid = validAt(settings.world?.now ?? new Date());
  return [
    ...fc.sample(validRequests(endpoint, valid), { seed, numRuns: validRuns }),
    ...fc.sample(hostileRequests(endpoint, valid), { seed: seed + 1, numRuns: runs - validRuns }),
  ];
}

/** Accounts of callers the access rule refuses, shared by all endpoints: they change nothing. */
const REFUSED_ACCOUNTS = new WeakMap<TestServer, Map<Role, Promise<Account>>>();

/**
 * The caller's account for an endpoint: a fresh one when the endpoint admits the caller (what
 * it does to the account stays with it); a shared one otherwise (renewed when another endpoint
 * deleted or changed it, see `answerOf`).
 */
async function accountFor(
  server: TestServer,
  endpoint: EndpointDefinition,
  role: Role,
  world?: World,
): Promise<Account> {
  if (mayCall(endpoint.access, role)) return freshAccount(server, role, world);
  let shared = REFUSED_ACCOUNTS.get(server);
  if (!shared) REFUSED_ACCOUNTS.set(server, (shared = new Map()));
  const known = shared.get(role);
  if (known && !(await accountChanged(server, await known))) return known;
  const account = freshAccount(server, role, world);
  shared.set(role, account);
  return account;
}

/** Sends one request; a caller whose account the endpoint itself changed gets a new one. */
async function answerOf(
  server: TestServer,
  request: FuzzRequest,
  caller: Caller,
  account: { current: Account | null },
  world?: World,
): Promise<RawAnswer> {
  const token = (): string | null =>
    caller.forged ? FORGED_TOKEN : (account.current?.token ?? null);
  const answer = await send(server.baseUrl, request, token());
  const current = account.current;
  if (!current || (answer.status !== 401 && answer.status !== 403)) return answer;
  if (!(await accountChanged(server, current))) return answer;
  account.current = await freshAccount(server, current.role, world);
  return send(server.baseUrl, request, token());
}

const shortened = (text: string): string =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;

/** Every wrong answer of the endpoint, each with its caller, request and answer. */
export async function fuzzEndpoint(
  server: TestServer,
  endpoint: EndpointDefinition,
  settings: FuzzSettings,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const caller of CALLERS) {
    const account = {
      current:
        caller.role === null
          ? null
          : await accountFor(server, endpoint, caller.role, settings.world),
    };
    for (const request of requestsFor(endpoint, caller, settings)) {
      const report = (problem: string, answer?: RawAnswer) =>
        wrong.push(
          [
            `${caller.name}: ${problem}`,
            `    ${describeRequest(request)}`,
            answer ? `    -> ${answer.status} ${shortened(answer.text)}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        );
      let answer: RawAnswer;
      try {
        answer = await answerOf(server, request, caller, account, settings.world);
      } catch (error) {
        report(`no answer (${String(error)})`);
        continue;
      }
      settings.onAnswer?.(answer, request, caller);
      for (const problem of problemsOf({ endpoint, role: caller.role, request, answer })) {
        report(problem, answer);
      }
    }
  }
  return wrong;
}
